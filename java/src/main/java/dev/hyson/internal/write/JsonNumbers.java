package dev.hyson.internal.write;

import dev.hyson.internal.number.DoubleFormatter;
import dev.hyson.internal.number.NumberText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** The JSON writer's numbers (RFC 8259 section 6): integers, shortest doubles, big and other numbers. */
abstract class JsonNumbers extends JsonOutput {
    private static final byte[] DIGIT_PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    JsonNumbers(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        super(cfg, buf, sink);
    }

    final void writeNumber(Number n) {
        if (n instanceof AtomicInteger || n instanceof AtomicLong || n instanceof LongAdder || n instanceof LongAccumulator) {
            writeLong(n.longValue());
        } else if (n instanceof DoubleAdder || n instanceof DoubleAccumulator) {
            writeDouble(n.doubleValue());
        } else {
            writeAscii(numberText(n));
        }
    }

    /** JSON text of an integral or big number; other Number types must print RFC 8259 number syntax. */
    static String numberText(Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte
                || n instanceof AtomicInteger || n instanceof AtomicLong || n instanceof LongAdder
                || n instanceof LongAccumulator) {
            return Long.toString(n.longValue());
        }
        // only the JDK's own classes are trusted to print number syntax; a subclass may print anything
        if (n.getClass() == BigInteger.class) {
            return n.toString();
        }
        if (n.getClass() == BigDecimal.class) {
            return n.toString(); // scientific form such as 1E+3 is valid JSON
        }
        if (n instanceof DoubleAdder || n instanceof DoubleAccumulator) {
            return DoubleFormatter.toString(n.doubleValue());
        }
        String s = n.toString();
        if (s == null || !NumberText.isNumber(s)) {
            throw new WriteFailure("cannot write a " + n.getClass().getName() + " whose text '" + s
                    + "' is not a JSON number: register a JsonEncoder for it");
        }
        return s;
    }

    /** 10^k for k = 0..18. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        long p = 1;
        for (int k = 0; k < POWERS_OF_TEN.length; k++) {
            POWERS_OF_TEN[k] = p;
            p *= 10;
        }
    }

    /**
     * The number of decimal digits of {@code v > 0}: from its bit length (log10(2) ~ 1233 / 4096),
     * corrected by one comparison; no division.
     */
    static int digitCount(long v) {
        int guess = ((64 - Long.numberOfLeadingZeros(v)) * 1233) >>> 12;
        return guess < POWERS_OF_TEN.length && v >= POWERS_OF_TEN[guess] ? guess + 1 : Math.max(guess, 1);
    }

    @Override
    protected final void writeLong(long v) {
        ensure(20);
        byte[] b = buf;
        int p = pos;
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                writeAscii("-9223372036854775808");
                return;
            }
            b[p++] = '-';
            v = -v;
        }
        if (v < 10) {
            b[p] = (byte) ('0' + v);
            pos = p + 1;
            return;
        }
        int at = p + digitCount(v);
        pos = at;
        // two digits per step: in 64-bit arithmetic down to an int, then in 32-bit (cheaper division)
        while (v > Integer.MAX_VALUE) {
            long q = v / 100;
            int r = (int) (v - q * 100);
            v = q;
            b[--at] = DIGIT_PAIRS[2 * r + 1];
            b[--at] = DIGIT_PAIRS[2 * r];
        }
        int i = (int) v;
        while (i >= 100) {
            int q = i / 100;
            int r = i - q * 100;
            i = q;
            b[--at] = DIGIT_PAIRS[2 * r + 1];
            b[--at] = DIGIT_PAIRS[2 * r];
        }
        if (i >= 10) {
            b[--at] = DIGIT_PAIRS[2 * i + 1];
            b[--at] = DIGIT_PAIRS[2 * i];
        } else {
            b[--at] = (byte) ('0' + i);
        }
    }

    @Override
    protected final void writeDouble(double d) {
        if (!Double.isFinite(d)) {
            writeNonFinite(d);
            return;
        }
        ensure(DoubleFormatter.MAX_CHARS);
        pos = DoubleFormatter.write(d, buf, pos);
    }

    @Override
    protected final void writeFloat(float f) {
        if (!Float.isFinite(f)) {
            writeNonFinite(f);
            return;
        }
        ensure(DoubleFormatter.MAX_CHARS);
        pos = DoubleFormatter.write(f, buf, pos);
    }

    final void writeNonFinite(double d) {
        if (!cfg.allowNonFinite) {
            throw new WriteFailure("cannot write " + d + ": RFC 8259 numbers are finite"
                    + " (JsonWriter.Builder.allowNonFinite(true) writes NaN and Infinity, which most parsers reject)");
        }
        writeAscii(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
    }
}
