package dev.hyson.spark;

import dev.hyson.internal.number.NumberText;
import dev.hyson.internal.tape.Tape;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.Decimal$;

/**
 * {@link TapeRows}' conversions of one number or base64 string on a tape to a Spark column's value,
 * each as {@code JacksonParser} converts it, or {@link TapeRows#MISS} when only Spark's parser can
 * answer. Each takes the tape's entries {@code e}, the input {@code in} they point into and the value's
 * entry {@code i}. Stateless.
 */
final class TapeScalars {
    private TapeScalars() {
    }

    /** The number at entry {@code i}'s text (RFC 8259 section 6's grammar walked from its offset). */
    static String numberText(long[] e, byte[] in, int i) {
        int from = (int) Tape.payload(e[i]);
        int to = NumberText.end(in, from, in.length); // the scan accepted it: a number, strict
        return new String(in, from, (to < 0 ? ~to : to) - from, StandardCharsets.ISO_8859_1);
    }

    private static boolean integralText(String t) {
        return t.indexOf('.') < 0 && t.indexOf('e') < 0 && t.indexOf('E') < 0;
    }

    /** Whether a number of this tag converts to a double or float column ({@link #doubleValue}, {@link #floatValue}). */
    static boolean isNumber(int tag) {
        return tag == Tape.INT64 || tag == Tape.DOUBLE || tag == Tape.BIG_INTEGER;
    }

    /**
     * The double of a number whose tag {@link #isNumber} accepts, as Jackson's {@code getDoubleValue}
     * gives it: an integer converted, a fraction correctly rounded, {@code -0} (an integer to Jackson)
     * as {@code 0.0}.
     */
    static double doubleValue(long[] e, byte[] in, int tag, int i) {
        switch (tag) {
            case Tape.INT64:
                return (double) e[i + 1];
            case Tape.DOUBLE: {
                double d = Double.longBitsToDouble(e[i + 1]);
                if (d == 0 && integralText(numberText(e, in, i))) {
                    return 0.0; // "-0" is an integer to Jackson: (double) 0L
                }
                return d;
            }
            default:
                return new BigInteger(numberText(e, in, i)).doubleValue();
        }
    }

    /** The float of a number whose tag {@link #isNumber} accepts, as Jackson's {@code getFloatValue} gives it. */
    static float floatValue(long[] e, byte[] in, int tag, int i) {
        switch (tag) {
            case Tape.INT64:
                return (float) e[i + 1];
            case Tape.DOUBLE: {
                String t = numberText(e, in, i);
                return integralText(t) ? new BigInteger(t).floatValue() : Float.parseFloat(t);
            }
            default:
                return new BigInteger(numberText(e, in, i)).floatValue();
        }
    }

    static Object toDouble(long[] e, byte[] in, int tag, int i) {
        return isNumber(tag) ? (Object) doubleValue(e, in, tag, i) : TapeRows.MISS;
    }

    static Object toFloat(long[] e, byte[] in, int tag, int i) {
        return isNumber(tag) ? (Object) floatValue(e, in, tag, i) : TapeRows.MISS;
    }

    static Object toDecimal(long[] e, byte[] in, int precision, int scale, int tag, int i) {
        if (tag != Tape.INT64 && tag != Tape.DOUBLE && tag != Tape.BIG_INTEGER && tag != Tape.BIG_DECIMAL) {
            return TapeRows.MISS;
        }
        try {
            Decimal d = Decimal$.MODULE$.apply(new BigDecimal(numberText(e, in, i)), precision, scale);
            return d;
        } catch (RuntimeException ex) {
            return TapeRows.MISS;
        }
    }

    static Object toBinary(long[] e, byte[] in, int i) {
        int tag = Tape.tag(e[i]);
        if (tag != Tape.STR_ASCII) {
            return TapeRows.MISS;
        }
        int from = (int) Tape.payload(e[i]) + 1;
        int len = (int) e[i + 1];
        if ((len & 3) != 0) {
            return TapeRows.MISS;
        }
        for (int k = from; k < from + len; k++) {
            byte b = in[k];
            boolean ok = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '+' || b == '/'
                    || (b == '=' && k >= from + len - 2);
            if (!ok) {
                return TapeRows.MISS;
            }
        }
        try {
            return Base64.getDecoder().decode(Arrays.copyOfRange(in, from, from + len));
        } catch (IllegalArgumentException ex) {
            return TapeRows.MISS;
        }
    }

    /** The UTF-8 bytes of {@code len} Latin-1 chars at {@code start} of {@code l1} (a decoded string's side buffer). */
    static byte[] latin1ToUtf8(byte[] l1, int start, int len) {
        int extra = 0;
        for (int k = start; k < start + len; k++) {
            extra += (l1[k] >>> 31) & 1;
        }
        byte[] out = new byte[len + extra];
        for (int k = start, o = 0; k < start + len; k++) {
            int c = l1[k] & 0xFF;
            if (c < 0x80) {
                out[o++] = (byte) c;
            } else {
                out[o++] = (byte) (0xC0 | (c >>> 6));
                out[o++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return out;
    }
}
