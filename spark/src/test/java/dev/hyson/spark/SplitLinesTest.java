package dev.hyson.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.LineBatch;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

    /**
     * The lines of every split, read in batches ({@link SplitLines#nextBatch}) by {@code scanner}, with
     * {@code perLineEvery} > 0 switching to {@link SplitLines#next()} for one line after every that many
     * batches; each batch record's value checked against the line scanned alone.
     */
    static List<String> viaBatches(byte[] b, int splitSize, int readSize, Scanner scanner, int perLineEvery)
            throws IOException {
        // the limits ReadOptions.scanConfig sets by default
        ReadConfig cfg = new ReadConfig(999, 20_000_000 - 1, 499, Long.MAX_VALUE, DuplicateKeyPolicy.LAST_WINS,
                SurrogatePolicy.ERROR, false, false, false, false, false, false, false);
        List<String> out = new ArrayList<>();
        Tape tape = new Tape();
        Tape alone = new Tape();
        LineBatch batch = new LineBatch();
        for (long start = 0; start < b.length; start += splitSize) {
            long end = Math.min(b.length, start + splitSize);
            SplitLines lines = new SplitLines(trickle(b, (int) start, readSize), start, end);
            int batches = 0;
            while (true) {
                if (perLineEvery > 0 && ++batches % perLineEvery == 0) {
                    if (lines.next()) {
                        out.add(new String(lines.buffer(), lines.start(), lines.end() - lines.start(), StandardCharsets.ISO_8859_1));
                        continue;
                    }
                    break;
                }
                if (!lines.nextBatch(scanner, scanner, 0, cfg, tape, batch)) {
                    assertEquals(0, batch.count);
                    break;
                }
                for (int i = 0; i < batch.count; i++) {
                    long[] rec = batch.records;
                    int r = i * LineBatch.FIELDS;
                    int ls = (int) rec[r + LineBatch.START];
                    int le = (int) rec[r + LineBatch.END];
                    out.add(new String(lines.buffer(), ls, le - ls, StandardCharsets.ISO_8859_1));
                    alone.reset(le - ls);
                    boolean ok = scanner.scan(lines.buffer(), ls, le, cfg, alone);
                    assertEquals(ok, rec[r + LineBatch.ERROR_CODE] == 0, "line " + ls + ".." + le);
                    if (ok) {
                        assertEquals(entries(alone, 0, alone.size), entries(tape, (int) rec[r + LineBatch.ENTRY], alone.size));
                    } else {
                        assertEquals(alone.errorOffset, rec[r + LineBatch.ERROR_OFFSET]);
                    }
                }
            }
        }
        return out;
    }

    /** {@code n} entries of a tape from {@code at}, decoded strings written out (their side-buffer starts differ). */
    static String entries(Tape t, int at, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = at; i < at + n;) {
            long e0 = t.entries[i];
            int tag = Tape.tag(e0);
            b.append(e0).append(' ');
            if (tag >= Tape.TRUE && tag <= Tape.NULL) {
                i++;
                continue;
            }
            long e1 = t.entries[i + 1];
            int from = (int) (e1 >>> 32);
            int len = (int) e1;
            if (tag == Tape.STR_LATIN1) {
                b.append(new String(t.latin1, from, len, StandardCharsets.ISO_8859_1));
            } else if (tag == Tape.STR_UTF16) {
                b.append(new String(t.utf16, from, len));
            } else {
                b.append(e1);
            }
            b.append(' ');
            i += 2;
        }
        return b.toString();
    }

    static java.util.stream.Stream<String> backends() {
        return SparkTests.backends();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void batchesGiveTheLinesOfTheWhole(String backend) throws IOException {
        Scanner scanner = Backends.select(backend).scanner();
        Random r = new Random(11);
        String[] pieces = {"\n", "\r\n", "\r", "\n\n", "\r\r\n", "{\"a\":1}", "x", "", "[1,2,3]", "  ",
            "{\"s\":\"caf\u00e9 \\u00e9\"}", "\"long line " + "y".repeat(300) + "\""};
        for (int round = 0; round < 12; round++) {
            StringBuilder s = new StringBuilder(round % 5 == 0 ? "\uFEFF" : ""); // a byte order mark, dropped
            int n = r.nextInt(40);
            for (int k = 0; k < n; k++) {
                s.append(pieces[r.nextInt(pieces.length)]);
            }
            byte[] b = s.toString().getBytes(StandardCharsets.UTF_8);
            List<String> whole = viaSplits(b, b.length + 1, 8192);
            assertTrue(round % 5 != 0 || whole.isEmpty() || !whole.get(0).startsWith("\u00ef"), "BOM dropped");
            for (int split = 1; split <= b.length + 1; split += (split < 40 ? 1 : 17)) {
                for (int read : new int[] {1, 8192}) {
                    String where = backend + ", split " + split + ", reads of " + read + ": " + Arrays.toString(s.toString().toCharArray());
                    assertEquals(whole, viaBatches(b, split, read, scanner, read == 1 ? 0 : 3), where);
                }
            }
        }
        // many lines, windows of SCAN_WINDOW bytes, a line longer than the read buffer
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            big.append("{\"id\":").append(i).append(",\"v\":\"").append("w".repeat(i % 97)).append(i % 3 == 0 ? "\"}\r\n" : "\"}\n");
        }
        big.append("\"").append("z".repeat(3 << 20)).append("\"\n{\"end\":true}");
        byte[] b = big.toString().getBytes(StandardCharsets.UTF_8);
        List<String> whole = expected(b);
        assertEquals(whole, viaBatches(b, b.length, 65536, scanner, 0));
        assertEquals(whole, viaBatches(b, 1 << 20, 65536, scanner, 0));
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
