package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MessagePack to JSON straight from the unpacker's buffer ({@link DirectJson}, the stream conversion's
 * path) against the conversion of the value's tree ({@code toJson(byte[])}), in both JSON forms, for
 * random values with everything the direct path declines mixed in: repeated keys, non-str keys, bin,
 * ext, float32, uint64 past long, NaN, invalid UTF-8, strings that need escapes.
 */
class DirectJsonTest {
    private static final String[] KEYS = {"a", "b", "id", "$bin", "$map", "name_longer_than_sixteen", "é", "日本", "q\"", ""};

    private static final Random LONG = new Random(26);

    @Test
    void randomValues_streamedEqualTheTreeConversion() {
        Random rnd = new Random(1205);
        for (MessagePackFactory.JsonForm form : MessagePackFactory.JsonForm.values()) {
            MessagePackFactory f = MessagePackFactory.builder().jsonForm(form).build();
            for (int i = 0; i < 3000; i++) {
                MessagePacker p = MessagePackFactory.defaults().newPacker();
                value(p, rnd, 0);
                byte[] one = p.toByteArray();
                String want;
                try {
                    want = f.toJson(one) + "\n";
                } catch (RuntimeException e) {
                    want = "error: " + e.getClass().getSimpleName() + ": " + e.getMessage();
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                String got;
                try {
                    f.toJson(new ByteArrayInputStream(one), out);
                    got = out.toString(StandardCharsets.UTF_8);
                } catch (RuntimeException e) {
                    got = "error: " + e.getClass().getSimpleName() + ": " + e.getMessage();
                }
                assertEquals(want, got, form + ", value " + i + ": " + java.util.HexFormat.of().formatHex(one));
            }
        }
    }

    /** The tree path's JSON forms after members and elements that need none: those before them kept, in order. */
    @Test
    void valuesNeedingAJsonForm_afterOnesThatDoNot_keepTheOrder() {
        java.util.Map<Object, Object> mixed = new java.util.LinkedHashMap<>();
        mixed.put("a", 1L);
        mixed.put("b", new byte[] {1});
        mixed.put("c", java.util.List.of(1L, new byte[] {2}, "x"));
        mixed.put("d", java.util.List.of(true, 2.5));
        mixed.put(7L, "seven");
        String once = "{\"a\":1,\"b\":\"AQ==\",\"c\":[1,\"Ag==\",\"x\"],\"d\":[true,2.5],\"7\":\"seven\"}";
        assertEquals(once, MessagePack.toJson(MessagePack.pack(mixed)));
        byte[] two = MessagePack.pack(java.util.List.of(mixed, mixed));
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        byte[] both = java.util.Arrays.copyOf(two, 2 * two.length);
        System.arraycopy(two, 0, both, two.length, two.length);
        assertEquals(2, MessagePackFactory.defaults().toJson(new ByteArrayInputStream(both), lines));
        assertEquals(("[" + once + "," + once + "]\n").repeat(2), lines.toString(StandardCharsets.UTF_8));
    }

    /** A key with no JSON name after one that has one: the error names the failing key (a helper's trial found it named the one before). */
    @Test
    void aNilKey_isAnErrorAtThatKey() {
        byte[] mp = {(byte) 0x82, 0x01, (byte) 0xa3, 'o', 'n', 'e', (byte) 0xc0, (byte) 0xa3, 'n', 'i', 'l'};
        dev.hyson.JsonWriteException e = org.junit.jupiter.api.Assertions.assertThrows(dev.hyson.JsonWriteException.class,
                () -> MessagePack.toJson(mp));
        assertEquals("$[null]", e.path(), e.getMessage());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        e = org.junit.jupiter.api.Assertions.assertThrows(dev.hyson.JsonWriteException.class,
                () -> MessagePackFactory.defaults().toJson(new ByteArrayInputStream(mp), out));
        assertEquals("$[null]", e.path(), e.getMessage());
    }

    /** {@code classify} against a reference, each odd byte at every place of strings of 0..40 bytes (eight at a time and the tail). */
    @Test
    void classify_matchesAReference_atEveryPlace() {
        byte[][] odd = {{'"'}, {'\\'}, {0x1F}, {(byte) 0xC3, (byte) 0xA9}, {(byte) 0xE4, (byte) 0xB8, (byte) 0xAD},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, {(byte) 0xC3}, {(byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}};
        int checked = 0;
        for (int n = 0; n <= 40; n++) {
            for (byte[] o : odd) {
                for (int at = 0; at + o.length <= n; at++) {
                    byte[] b = new byte[n + 3];
                    java.util.Arrays.fill(b, (byte) 'a');
                    System.arraycopy(o, 0, b, 2 + at, o.length); // at offset 2 of the array: unaligned reads
                    assertEquals(reference(b, 2, n), DirectJson.classify(b, 2, n), "n " + n + " at " + at);
                    checked++;
                }
            }
        }
        assertEquals(7065, checked); // every (length, odd bytes, place)
    }

    private static int reference(byte[] b, int s, int n) {
        try {
            java.nio.charset.StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b, s, n));
        } catch (java.nio.charset.CharacterCodingException e) {
            return -1;
        }
        for (int i = s; i < s + n; i++) {
            if (b[i] >= 0 && (b[i] < 0x20 || b[i] == '"' || b[i] == '\\')) {
                return 1;
            }
        }
        return 0;
    }

    private static void value(MessagePacker p, Random rnd, int depth) {
        int kind = depth > 3 ? 3 + rnd.nextInt(9) : rnd.nextInt(12);
        switch (kind) {
            case 0: { // a map, keys mostly str from a small pool (so repeats happen), sometimes not
                int n = rnd.nextInt(5);
                p.packMapHeader(n);
                for (int k = 0; k < n; k++) {
                    int how = rnd.nextInt(20);
                    if (how == 0) {
                        p.packLong(k);
                    } else if (how == 1) {
                        p.packBinaryHeader(1).writePayload(new byte[] {(byte) k});
                    } else {
                        p.packString(KEYS[rnd.nextInt(KEYS.length)] + (rnd.nextInt(3) == 0 ? "" : Integer.toString(k)));
                    }
                    value(p, rnd, depth + 1);
                }
                break;
            }
            case 1:
            case 2: {
                int n = rnd.nextInt(5);
                p.packArrayHeader(n);
                for (int k = 0; k < n; k++) {
                    value(p, rnd, depth + 1);
                }
                break;
            }
            case 3:
                p.packLong(rnd.nextLong() >> rnd.nextInt(64));
                break;
            case 4:
                p.packDouble(rnd.nextInt(30) == 0 ? Double.NaN : rnd.nextGaussian() * 1e6);
                break;
            case 5:
                // LONG chooses and builds the long strings, so rnd's sequence (and the values it gives) is as before
                if (rnd.nextBoolean()) {
                    p.packString("plain text");
                } else if (LONG.nextInt(3) > 0) {
                    p.packString("tab\there \"quoted\" \\ é 😀 \u2028");
                } else { // long: escapes and 1-4 byte chars across the writer's chunks
                    StringBuilder sb = new StringBuilder();
                    String[] parts = {"a", "\n", "\u0001", "\"", "\\", "é", "中文", "😀", "\u007f", "plain run "};
                    for (int k = LONG.nextInt(4000); k > 0; k--) {
                        sb.append(parts[LONG.nextInt(parts.length)]);
                    }
                    p.packString(sb.toString());
                }
                break;
            case 6:
                p.packBigInteger(BigInteger.ONE.shiftLeft(63).add(BigInteger.valueOf(rnd.nextInt(1000))));
                break;
            case 7:
                p.packFloat(1.5f);
                break;
            case 8:
                p.packExtensionHeader((byte) 5, 2).writePayload(new byte[] {1, 2});
                break;
            case 9:
                p.packRawStringHeader(2).writePayload(new byte[] {(byte) 0xc3, rnd.nextBoolean() ? (byte) 0xa9 : (byte) 0x28});
                break;
            case 10:
                p.packBoolean(rnd.nextBoolean());
                break;
            default:
                p.packNil();
        }
    }
}
