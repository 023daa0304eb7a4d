package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The writer: random trees built from the fuzzer's data (maps, lists, strings with any UTF-16
 * unit, lone surrogates included, longs, doubles with every bit pattern, big integers, big
 * decimals, booleans, null) written with fuzzed options (pretty, indent, asciiOnly, scriptSafe,
 * sortKeys, allowNonFinite) read back equal ({@code parse(write(x)).equals(x)}), with map order
 * kept, or sorted by {@link String#compareTo} under sortKeys; asciiOnly output is ASCII, scriptSafe
 * output holds no {@code /}, U+2028 or U+2029; {@code write}, {@code writeBytes}, a stream, a
 * {@code Writer} and the generator's {@code writeValue} give the same text.
 */
class WriterFuzzTest {
    @FuzzTest
    void writeReadBack(FuzzedDataProvider data) {
        int bits = data.consumeInt();
        boolean pretty = (bits & 1) != 0;
        boolean ascii = (bits & 2) != 0;
        boolean scriptSafe = (bits & 4) != 0;
        boolean sort = (bits & 8) != 0;
        boolean nonFinite = (bits & 16) != 0;
        boolean decimals = (bits & 32) != 0;
        JsonWriter.Builder wb = JsonWriter.builder().pretty(pretty).asciiOnly(ascii).scriptSafe(scriptSafe).sortKeys(sort)
                .allowNonFinite(nonFinite);
        if ((bits & 64) != 0) {
            wb.indent((bits >>> 7) & 7);
        }
        JsonWriter writer = wb.build();
        Object tree = new Trees(data, nonFinite, decimals).value(0);

        String text = writer.write(tree);
        byte[] bytes = writer.writeBytes(tree);
        if (!Arrays.equals(bytes, text.getBytes(StandardCharsets.UTF_8))) {
            throw new AssertionError("write and writeBytes differ: " + text);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(tree, out);
        if (!Arrays.equals(bytes, out.toByteArray())) {
            throw new AssertionError("write(value, OutputStream) differs: " + out);
        }
        StringWriter sw = new StringWriter();
        writer.write(tree, sw);
        if (!text.equals(sw.toString())) {
            throw new AssertionError("write(value, Writer) differs: " + sw);
        }
        ByteArrayOutputStream gen = new ByteArrayOutputStream();
        try (var g = writer.generator(gen)) {
            g.writeValue(tree);
        }
        if (!Arrays.equals(bytes, gen.toByteArray())) {
            throw new AssertionError("generator writeValue differs: " + gen + " vs " + text);
        }
        for (int i = 0; i < bytes.length; i++) {
            if (ascii && bytes[i] < 0) {
                throw new AssertionError("asciiOnly wrote a non-ASCII byte: " + text);
            }
            if (bytes[i] == '\\') {
                i++;   // an escape: "\/" is how scriptSafe writes '/'
            } else if (scriptSafe && bytes[i] == '/') {
                throw new AssertionError("scriptSafe wrote an unescaped '/': " + text);
            }
        }
        if (scriptSafe && (text.indexOf('\u2028') >= 0 || text.indexOf('\u2029') >= 0)) {
            throw new AssertionError("scriptSafe wrote U+2028 or U+2029: " + text);
        }

        for (var backend : Support.BACKENDS) {
            JsonReader reader = JsonReader.builder().allowNonFiniteLiterals(nonFinite).bigDecimals(decimals)
                    .linkedHashMaps(true).backend(backend).build();
            Object back = reader.parse(bytes);
            if (!Support.deepEquals(tree, back)) {
                throw new AssertionError(backend + ": read back differs:\n" + tree + "\n" + back + "\n" + text);
            }
            checkOrder(tree, back, sort);
        }
    }

    /** Member order: as the map's, or sorted by {@link String#compareTo} under sortKeys. */
    private static void checkOrder(Object written, Object read, boolean sorted) {
        if (written instanceof Map<?, ?> w) {
            List<Object> keys = new ArrayList<>(((Map<?, ?>) read).keySet());
            List<Object> want = new ArrayList<>(w.keySet());
            if (sorted) {
                want.sort((a, b) -> ((String) a).compareTo((String) b));
            }
            if (!keys.equals(want)) {
                throw new AssertionError("member order " + keys + ", expected " + want);
            }
            for (Object k : w.keySet()) {
                checkOrder(w.get(k), ((Map<?, ?>) read).get(k), sorted);
            }
        } else if (written instanceof List<?> w) {
            for (int i = 0; i < w.size(); i++) {
                checkOrder(w.get(i), ((List<?>) read).get(i), sorted);
            }
        }
    }

    /** Builds a tree of the values {@code parse} gives back, from the fuzzer's data. */
    private static final class Trees {
        private final FuzzedDataProvider data;
        private final boolean nonFinite;
        private final boolean decimals;
        private int budget = 200;

        Trees(FuzzedDataProvider data, boolean nonFinite, boolean decimals) {
            this.data = data;
            this.nonFinite = nonFinite;
            this.decimals = decimals;
        }

        Object value(int depth) {
            int kind = budget-- <= 0 || depth > 8 ? data.consumeInt(0, 6) : data.consumeInt(0, 8);
            switch (kind) {
                case 0:
                    return null;
                case 1:
                    return data.consumeBoolean();
                case 2:
                    return data.consumeLong();
                case 3:
                    return number();
                case 4: {
                    BigInteger b = BigInteger.valueOf(data.consumeLong()).multiply(BigInteger.TEN.pow(data.consumeInt(1, 30)))
                            .add(BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE).multiply(
                                    BigInteger.valueOf(data.consumeBoolean() ? 1 : -1)));
                    return b.bitLength() < 64 ? (Object) b.longValue() : b;   // parse gives a Long in the long range
                }
                case 5:
                case 6:
                    return string();
                case 7: {
                    int n = data.consumeInt(0, 6);
                    List<Object> list = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        list.add(value(depth + 1));
                    }
                    return list;
                }
                default: {
                    int n = data.consumeInt(0, 6);
                    Map<String, Object> map = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) {
                        map.put(string(), value(depth + 1));
                    }
                    return map;
                }
            }
        }

        private Object number() {
            if (decimals) {
                BigInteger unscaled = BigInteger.valueOf(data.consumeLong());
                return new BigDecimal(data.consumeBoolean() ? unscaled.multiply(BigInteger.valueOf(Long.MAX_VALUE)) : unscaled,
                        data.consumeInt(1, 40));
            }
            double d = Double.longBitsToDouble(data.consumeLong());
            return Double.isFinite(d) || nonFinite ? d : (Object) 0.5;
        }

        private String string() {
            switch (data.consumeInt(0, 2)) {
                case 0:
                    return data.consumeAsciiString(data.consumeInt(0, 12));
                case 1:
                    return data.consumeString(data.consumeInt(0, 12));
                default: {
                    char[] c = new char[data.consumeInt(0, 8)];
                    for (int i = 0; i < c.length; i++) {
                        c[i] = data.consumeChar();
                    }
                    return new String(c);
                }
            }
        }
    }
}
