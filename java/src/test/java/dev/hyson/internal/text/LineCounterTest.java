package dev.hyson.internal.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The line and column counter: LF ends a line, columns count code points, any split of the input counts the same. */
class LineCounterTest {
    private static long[] at(String text, int bytes) {
        LineCounter c = new LineCounter(1, 1).advance(text.getBytes(StandardCharsets.UTF_8), 0, bytes);
        return new long[] {c.line(), c.column()};
    }

    private static void assertAt(long line, long column, long[] got) {
        assertEquals(line + ":" + column, got[0] + ":" + got[1]);
    }

    @Test
    void advance_lineEnds_onlyLfStartsALine() {
        assertAt(1, 1, at("", 0));
        assertAt(1, 4, at("abc", 3));
        assertAt(2, 1, at("ab\n", 3));
        assertAt(2, 2, at("ab\r\nx", 5)); // CRLF: one line end, after the LF column 1
        assertAt(1, 4, at("a\rb", 3)); // a lone CR is a character of the line
        assertAt(4, 3, at("\n\n\nxy", 5));
    }

    @Test
    void advance_multiByteCharacters_countOneColumnEach() {
        assertAt(1, 4, at("\u00E9\u20AC\uD83D\uDE00", 9));
        assertAt(2, 2, at("\u20AC\n\u00E9\uD83D\uDE00", 6)); // stops after the 2-byte character
        assertAt(2, 3, at("0123456789\u20AC\u20AC\n\u20AC\u20AC", 23)); // the word loop, newline in it
    }

    @Test
    void advance_anySplit_matchesAByteByByteReference() {
        check(new SplittableRandom(5), 2000, 40);
    }

    @Test
    void advance_longInputs_matchTheReference() {
        // inputs of hundreds of bytes: ASCII runs, multi-byte characters, a LF at every place, none
        check(new SplittableRandom(64), 600, 400);
        byte[] b = new byte[64 * 5 + 7];
        java.util.Arrays.fill(b, (byte) 'x');
        for (int at = 0; at < b.length; at++) {
            b[at] = '\n';
            LineCounter c = new LineCounter(3, 9).advance(b, 0, b.length);
            assertAt(4, b.length - at, new long[] {c.line(), c.column()});
            b[at] = 'x';
        }
    }

    private static void check(SplittableRandom rnd, int trials, int maxPieces) {
        String[] pieces = {"a", " ", "\n", "\r", "\r\n", "\u00E9", "\u20AC", "\uD83D\uDE00", "12345678",
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"};
        for (int trial = 0; trial < trials; trial++) {
            StringBuilder sb = new StringBuilder();
            int n = rnd.nextInt(maxPieces);
            for (int k = 0; k < n; k++) {
                sb.append(pieces[rnd.nextInt(pieces.length)]);
            }
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            long line = 1;
            long column = 1;
            for (byte c : b) {
                if (c == '\n') {
                    line++;
                    column = 1;
                } else if ((c & 0xC0) != 0x80) {
                    column++;
                }
            }
            LineCounter split = new LineCounter(1, 1);
            int from = 0;
            while (from < b.length) {
                int to = from + rnd.nextInt(b.length - from + 1);
                split.advance(b, from, to);
                from = to;
            }
            assertAt(line, column, new long[] {split.line(), split.column()});
            LineCounter whole = new LineCounter(1, 1).advance(b, 0, b.length);
            assertAt(line, column, new long[] {whole.line(), whole.column()});
        }
    }
}
