package dev.hyson.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Splits of every size give, together, exactly the lines of the whole input, as Hadoop's LineRecordReader does. */
class SplitLinesTest {
    /** Hadoop's rules, written out plainly: lines end at LF, CR or CR LF; no empty line after a final terminator. */
    static List<String> expected(byte[] b) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                out.add(new String(b, from, i - from, StandardCharsets.ISO_8859_1));
                if (b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
                    i++;
                }
                from = i + 1;
            }
        }
        if (from < b.length) {
            out.add(new String(b, from, b.length - from, StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /** A stream that returns at most {@code max} bytes per read, as sockets and some codecs do. */
    static InputStream trickle(byte[] b, int from, int max) {
        return new FilterInputStream(new ByteArrayInputStream(b, from, b.length - from)) {
            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                return super.read(buf, off, Math.min(len, max));
            }
        };
    }

    static List<String> viaSplits(byte[] b, int splitSize, int readSize) throws IOException {
        List<String> out = new ArrayList<>();
        for (long start = 0; start < b.length; start += splitSize) {
            long end = Math.min(b.length, start + splitSize);
            SplitLines lines = new SplitLines(trickle(b, (int) start, readSize), start, end);
            while (lines.next()) {
                out.add(new String(lines.buffer(), lines.start(), lines.end() - lines.start(), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }

    @Test
    void everySplitSizeGivesTheLinesOfTheWhole() throws IOException {
        Random r = new Random(7);
        String[] pieces = {"\n", "\r\n", "\r", "\n\n", "\r\r\n", "{\"a\":1}", "x", "", "[1,2,3]", "\"long line " + "y".repeat(300) + "\""};
        for (int round = 0; round < 30; round++) {
            StringBuilder s = new StringBuilder();
            int n = r.nextInt(40);
            for (int k = 0; k < n; k++) {
                s.append(pieces[r.nextInt(pieces.length)]);
            }
            byte[] b = s.toString().getBytes(StandardCharsets.ISO_8859_1);
            List<String> whole = expected(b);
            for (int split = 1; split <= b.length + 1; split += (split < 40 ? 1 : 17)) {
                for (int read : new int[] {1, 3, 8192}) {
                    assertEquals(whole, viaSplits(b, split, read),
                            "split " + split + ", reads of " + read + ": " + Arrays.toString(s.toString().toCharArray()));
                }
            }
        }
    }

    @Test
    void aLineLongerThanTheWindowGrowsIt() throws IOException {
        byte[] line = "z".repeat(3 << 20).getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[line.length * 2 + 2];
        System.arraycopy(line, 0, b, 0, line.length);
        b[line.length] = '\n';
        System.arraycopy(line, 0, b, line.length + 1, line.length);
        b[b.length - 1] = '\r';
        assertEquals(List.of(new String(line, StandardCharsets.US_ASCII), new String(line, StandardCharsets.US_ASCII)),
                viaSplits(b, b.length, 65536));
        assertEquals(2, viaSplits(b, 1 << 20, 65536).size());
    }
}
