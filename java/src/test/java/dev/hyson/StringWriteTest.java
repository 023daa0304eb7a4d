package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The writer's strings against a reference escaper written char by char from RFC 8259 section 7:
 * random strings of every length up to several chunks (ASCII runs, escapes, non-ASCII, pairs,
 * lone surrogates, U+2028), placed so chunk edges fall everywhere, under every escaping option,
 * into a growing buffer and into a stream whose buffer drains mid-string.
 */
class StringWriteTest {
    private static final char[] ODD = {'"', '\\', '/', '\n', '\u0000', '\u001f', '\u007f', '\u0080', '\u00e9', '\u07ff', '\u0800',
        '\u2028', '\u2029', '\uffff', '\ud83d', '\ude00'};

    /** RFC 8259 section 7, plus the options, one char at a time. */
    static String reference(String s, boolean asciiOnly, boolean scriptSafe) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            if (c == '"') {
                b.append("\\\"");
            } else if (c == '\\') {
                b.append("\\\\");
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c == '\t') {
                b.append("\\t");
            } else if (c == '\b') {
                b.append("\\b");
            } else if (c == '\f') {
                b.append("\\f");
            } else if (c < 0x20 || (asciiOnly && c >= 0x80 && !pair) || (Character.isSurrogate(c) && !pair && !asciiOnly)
                    || (scriptSafe && (c == '\u2028' || c == '\u2029'))) {
                if (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)) && !asciiOnly) {
                    throw new AssertionError("unreachable: a pair's low half is taken with its high half");
                }
                b.append(String.format("\\u%04x", (int) c));
            } else if (scriptSafe && c == '/') {
                b.append("\\/");
            } else if (pair) {
                if (asciiOnly) {
                    b.append(String.format("\\u%04x\\u%04x", (int) c, (int) s.charAt(i + 1)));
                } else {
                    b.append(c).append(s.charAt(i + 1));
                }
                i++;
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    private static String randomString(Random r) {
        int kind = r.nextInt(4);
        int n = r.nextInt(4) == 0 ? r.nextInt(2600) : r.nextInt(80);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (kind == 0 || r.nextInt(kind == 1 ? 400 : 12) != 0) {
                b.append((char) (' ' + r.nextInt(95)));
            } else {
                b.append(ODD[r.nextInt(ODD.length)]);
            }
        }
        return b.toString();
    }

    @Test
    void stringsMatchTheReference() {
        Random r = new Random(8259);
        List<boolean[]> options = List.of(new boolean[] {false, false}, new boolean[] {true, false},
                new boolean[] {false, true}, new boolean[] {true, true});
        for (int k = 0; k < 1500; k++) {
            String s = randomString(r);
            String prefix = "p".repeat(r.nextInt(20));
            for (boolean[] o : options) {
                JsonWriter w = JsonWriter.builder().asciiOnly(o[0]).scriptSafe(o[1]).build();
                String want = "[\"" + prefix + "\"," + reference(s, o[0], o[1]) + "]";
                List<String> value = List.of(prefix, s);
                assertEquals(want, w.write(value), "options " + o[0] + "/" + o[1]);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                w.write(List.of(prefix, s, s, s, s, s, s, s, s), out); // past the 8 KiB buffer for long strings
                String streamed = out.toString(StandardCharsets.UTF_8);
                String element = reference(s, o[0], o[1]);
                assertEquals("[\"" + prefix + "\"" + ("," + element).repeat(8) + "]", streamed);
            }
        }
    }
}
