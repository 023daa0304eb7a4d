package dev.hyson;

import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The over-limit inputs of {@link LimitsTest} that would need far more memory than the limit if a
 * declared size or an endless input were believed: run by the test in a child JVM with a 32 MB heap
 * ({@code -Xmx32m}). Each attack must end in the expected exception kind; each prints a line
 * {@code ok <name> <kind> <offset> <allocated KiB>}, and the last line is {@code ALL OK} when every
 * one did. An {@link OutOfMemoryError} or a wrong outcome prints {@code FAIL} and exits with 1.
 */
final class LimitsChild {
    /** Bytes of the endless JSON streams: more than the child's heap. */
    static final long ENDLESS = 64L << 20;
    /** The string limit of the endless-string attack. */
    static final long STRING_LIMIT = 1L << 20;
    /** The document limit of the endless-whitespace attack. */
    static final long DOCUMENT_LIMIT = 8L << 20;

    private LimitsChild() {
    }

    /** An input stream of {@code prefix} then {@code fill} bytes up to {@code length} bytes in all, made as read. */
    static InputStream endless(String prefix, byte fill, long length) {
        byte[] p = prefix.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return new InputStream() {
            private long pos;

            @Override
            public int read() {
                return pos >= length ? -1 : pos < p.length ? p[(int) pos++] & 0xFF : fill + 0 * (int) pos++;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos >= length) {
                    return -1;
                }
                int n = (int) Math.min(len, length - pos);
                for (int i = 0; i < n; i++, pos++) {
                    b[off + i] = pos < p.length ? p[(int) pos] : fill;
                }
                return n;
            }
        };
    }

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    /**
     * @param args ignored
     */
    public static void main(String[] args) {
        List<Backend> backends = new ArrayList<>();
        backends.add(Backend.of(Backend.Choice.JAVA));
        for (String kernel : Backend.nativeKernels()) {
            backends.add(Backend.nativeKernel(kernel));
        }
        boolean ok = true;
        for (Backend b : backends) {
            JsonReader r = JsonReader.builder().backend(b).build();
            JsonReader strings = r.toBuilder().maxStringLength(STRING_LIMIT).build();
            JsonReader documents = r.toBuilder().maxDocumentLength(DOCUMENT_LIMIT).build();
            byte[] longString = ("[\"" + "a".repeat((int) STRING_LIMIT + 1) + "\"]").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            String at = " on " + (b.kernel() == null ? "java" : b.kernel());
            ok &= json("endless string" + at, () -> strings.parse(endless("[\"", (byte) 'a', ENDLESS)), 1);
            ok &= json("long string array" + at, () -> strings.parse(longString), 1);
            ok &= json("endless number" + at, () -> r.parse(endless("[1", (byte) '1', ENDLESS)), 1);
            ok &= json("endless nesting" + at, () -> r.parse(endless("[", (byte) '[', ENDLESS)), JsonReader.DEFAULT_MAX_DEPTH);
            ok &= json("endless whitespace" + at, () -> documents.parse(endless("[", (byte) ' ', ENDLESS)), DOCUMENT_LIMIT);
        }
        MessagePackFactory f = MessagePackFactory.defaults();
        int[][] headers = {{0xdd}, {0xdf}, {0xdb}, {0xc6}, {0xc9}};
        String[] names = {"array32", "map32", "str32", "bin32", "ext32"};
        for (int i = 0; i < headers.length; i++) {
            int h = headers[i][0];
            byte[] max = bytes(h, 0xff, 0xff, 0xff, 0xff, 1, 2);
            ok &= msgpack(names[i] + " 2^32-1 in an array", () -> f.unpack(max), "TRUNCATED", 0);
            // under the default limits (99,999,999; 19,999,999 for a str), three bytes present: believing it
            // would be 100 M slots or bytes
            byte[] under = h == 0xdb ? bytes(h, 0x01, 0x31, 0x2c, 0xff, 1, 2, 3) : bytes(h, 0x05, 0xf5, 0xe0, 0xff, 1, 2, 3);
            ok &= msgpack(names[i] + (h == 0xdb ? " 19,999,999" : " 99,999,999") + " in a stream", () -> f.unpack(new ByteArrayInputStream(under)), "TRUNCATED", -1);
            ok &= msgpack(names[i] + " 2^32-1 in a stream", () -> f.unpack(new ByteArrayInputStream(max)), "LIMIT_EXCEEDED", 0);
        }
        System.out.println(ok ? "ALL OK" : "FAIL");
        System.exit(ok ? 0 : 1);
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static boolean json(String name, Supplier<Object> parse, long offset) {
        long before = allocated();
        try {
            Object v = parse.get();
            System.out.println("FAIL " + name + ": no error, " + String.valueOf(v).length() + " chars");
            return false;
        } catch (JsonParseException e) {
            boolean right = e.kind() == JsonParseException.Kind.LIMIT_EXCEEDED && e.offset() == offset;
            System.out.println((right ? "ok " : "FAIL ") + name + " " + e.kind() + " " + e.offset() + " "
                    + ((allocated() - before) >> 10));
            return right;
        } catch (Throwable e) {
            System.out.println("FAIL " + name + ": " + e);
            return false;
        }
    }

    private static boolean msgpack(String name, Supplier<Object> unpack, String kind, long offset) {
        long before = allocated();
        try {
            Object v = unpack.get();
            System.out.println("FAIL " + name + ": no error, " + String.valueOf(v).length() + " chars");
            return false;
        } catch (MessagePackException e) {
            boolean right = e.kind().name().equals(kind) && (offset < 0 || e.offset() == offset);
            System.out.println((right ? "ok " : "FAIL ") + name + " " + e.kind() + " " + e.offset() + " "
                    + ((allocated() - before) >> 10));
            return right;
        } catch (Throwable e) {
            System.out.println("FAIL " + name + ": " + e);
            return false;
        }
    }
}
