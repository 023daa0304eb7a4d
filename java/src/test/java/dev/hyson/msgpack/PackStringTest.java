package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MessagePacker#packString} against the specification's str forms, built here by hand: every
 * header size boundary, ASCII strings narrowed in place and strings that are not ASCII in any chunk,
 * in both specification modes, to an array and through a stream.
 */
class PackStringTest {
    /** The str header for {@code len} bytes, from the MessagePack specification ("str format family"). */
    private static byte[] header(int len, boolean compat) {
        if (len < 32) {
            return new byte[] {(byte) (0xa0 | len)};
        }
        if (len < 256 && !compat) {
            return new byte[] {(byte) 0xd9, (byte) len};
        }
        if (len < 65536) {
            return new byte[] {(byte) 0xda, (byte) (len >>> 8), (byte) len};
        }
        return new byte[] {(byte) 0xdb, (byte) (len >>> 24), (byte) (len >>> 16), (byte) (len >>> 8), (byte) len};
    }

    private static byte[] expected(String s, boolean compat) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8); // a lone surrogate is '?', as the packer documents
        byte[] h = header(utf8.length, compat);
        byte[] all = new byte[h.length + utf8.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(utf8, 0, all, h.length, utf8.length);
        return all;
    }

    private static List<String> strings() {
        List<String> out = new ArrayList<>();
        for (int n : new int[] {0, 1, 31, 32, 255, 256, 511, 512, 513, 1024, 65535, 65536, 65537, 70000}) {
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append((char) ('a' + i % 26));
            }
            String ascii = b.toString();
            out.add(ascii);
            if (n > 0) {
                out.add("\u00e9" + ascii.substring(1)); // not ASCII in the first chunk
                out.add(ascii.substring(0, n - 1) + "\u20ac"); // in the last
                out.add(ascii.substring(0, n - 1) + "\ud800"); // a lone surrogate
                out.add(ascii.substring(0, n - 1) + "\u007f");
            }
            if (n > 600) {
                out.add(ascii.substring(0, 512) + "\ud83d\ude00" + ascii.substring(514)); // a pair at the chunk edge
            }
        }
        return out;
    }

    @Test
    void strFormsMatchTheSpecification() throws Exception {
        int checked = 0;
        for (boolean compat : new boolean[] {false, true}) {
            MessagePackFactory f = MessagePackFactory.builder().compatibility(compat).build();
            for (String s : strings()) {
                byte[] want = expected(s, compat);
                MessagePacker p = f.newPacker();
                p.packLong(1).packString(s).packString("tail");
                byte[] got = p.toByteArray();
                byte[] tail = expected("tail", compat);
                assertEquals(1 + want.length + tail.length, got.length, s.length() + " chars");
                byte[] mid = java.util.Arrays.copyOfRange(got, 1, 1 + want.length);
                assertArrayEquals(want, mid, s.length() + " chars, compat " + compat);
                ByteArrayOutputStream sink = new ByteArrayOutputStream();
                try (MessagePacker streamed = f.newPacker(sink)) {
                    streamed.packString(s);
                }
                assertArrayEquals(want, sink.toByteArray(), "streamed, " + s.length() + " chars");
                assertEquals(s.replace("\ud800", "?"), f.unpack(f.pack(s)), "round trip");
                checked++;
            }
        }
        assertEquals(2 * strings().size(), checked);
    }
}
