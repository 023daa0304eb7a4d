package dev.hyson.jsonp.stream;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Turns every input JSON-P accepts into the UTF-8 bytes hyson's scanner reads: a byte stream in
 * UTF-8 passes through untouched; UTF-16 and UTF-32 (detected as RFC 4627 section 3 and RFC 8259
 * section 8.1 describe, from a byte order mark or the pattern of zero bytes in the first four) and
 * any stream with a given charset, and {@code Reader}s, are decoded and encoded again to UTF-8 as
 * they are read, a buffer at a time.
 */
public final class Inputs {
    private static final Charset UTF_32BE = Charset.forName("UTF-32BE");
    private static final Charset UTF_32LE = Charset.forName("UTF-32LE");

    private Inputs() {
    }

    /**
     * @param in a JSON text in UTF-8, UTF-16 or UTF-32, with or without a byte order mark
     * @return the same text as UTF-8 bytes
     * @throws jakarta.json.JsonException when the first bytes cannot be read
     */
    public static InputStream detect(InputStream in) {
        PushbackInputStream p = new PushbackInputStream(in, 4);
        byte[] b = new byte[4];
        int n = 0;
        try {
            for (int zeros = 0; n < 4;) {
                int r = p.read(b, n, 4 - n);
                if (r < 0) {
                    break;
                }
                if (r == 0 && ++zeros > 64) {
                    // InputStream.read must block until a byte is read: a stream returning 0 would spin here
                    throw new IOException(in.getClass().getName() + ".read returned 0 bytes 64 times in a row");
                }
                n += r;
            }
            if (n > 0) {
                p.unread(b, 0, n);
            }
        } catch (IOException e) {
            throw new jakarta.json.JsonException("cannot read the JSON input: " + e.getMessage(), e);
        }
        if (n == 1 && b[0] == 0) {
            // a lone NUL byte starts no JSON text in any encoding JSON allows
            throw new jakarta.json.JsonException("cannot detect the encoding of the JSON input: it is one NUL byte");
        }
        Charset cs = charsetOf(b, n);
        return cs == StandardCharsets.UTF_8 ? p : utf8(new InputStreamReader(p, cs.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)));
    }

    /** The encoding of a JSON text from its first {@code n} (at most 4) bytes. */
    static Charset charsetOf(byte[] b, int n) {
        int b0 = n > 0 ? b[0] & 0xff : -1;
        int b1 = n > 1 ? b[1] & 0xff : -1;
        int b2 = n > 2 ? b[2] & 0xff : -1;
        int b3 = n > 3 ? b[3] & 0xff : -1;
        if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
            return StandardCharsets.UTF_8; // the scanner skips the mark
        }
        if (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            return UTF_32BE; // the decoder keeps U+FEFF, which becomes EF BB BF: skipped too
        }
        if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) {
            return UTF_32LE;
        }
        if (b0 == 0xFE && b1 == 0xFF) {
            return StandardCharsets.UTF_16BE;
        }
        if (b0 == 0xFF && b1 == 0xFE) {
            return StandardCharsets.UTF_16LE;
        }
        if (n >= 4) {
            if (b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0) {
                return UTF_32BE;
            }
            if (b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0) {
                return UTF_32LE;
            }
        }
        if (n >= 2) {
            if (b0 == 0 && b1 != 0) {
                return StandardCharsets.UTF_16BE;
            }
            if (b0 != 0 && b1 == 0) {
                return StandardCharsets.UTF_16LE;
            }
        }
        return StandardCharsets.UTF_8;
    }

    /**
     * @param in bytes in {@code charset}
     * @param charset their encoding
     * @return the same text as UTF-8 bytes ({@code in} itself when {@code charset} is UTF-8)
     */
    public static InputStream utf8(InputStream in, Charset charset) {
        if (charset.equals(StandardCharsets.UTF_8)) {
            return in;
        }
        return utf8(new InputStreamReader(in, charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)));
    }

    /**
     * @param reader characters
     * @return the same characters as UTF-8 bytes, encoded as they are read; closing it closes
     *     {@code reader}. A lone surrogate is an I/O error ({@link CharacterCodingException}).
     */
    public static InputStream utf8(Reader reader) {
        return new ReaderBytes(reader);
    }

    /** UTF-8 bytes of a {@code Reader}'s characters, 8 Ki chars at a time. */
    private static final class ReaderBytes extends InputStream {
        private final Reader reader;
        private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        private final CharBuffer chars = CharBuffer.allocate(8192);
        private final ByteBuffer bytes = ByteBuffer.allocate(8192 * 3 + 8);
        private boolean eof;
        private boolean flushed;

        ReaderBytes(Reader reader) {
            this.reader = reader;
            chars.flip();
            bytes.flip();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (!bytes.hasRemaining()) {
                if (flushed) {
                    return -1;
                }
                fill();
            }
            int n = Math.min(len, bytes.remaining());
            bytes.get(b, off, n);
            return n;
        }

        private void fill() throws IOException {
            bytes.clear();
            if (!eof) {
                chars.compact();
                int r = reader.read(chars);
                chars.flip();
                if (r < 0) {
                    eof = true;
                }
            }
            CoderResult cr = encoder.encode(chars, bytes, eof);
            if (cr.isError()) {
                cr.throwException();
            }
            if (eof && !chars.hasRemaining()) {
                cr = encoder.flush(bytes);
                if (cr.isError()) {
                    cr.throwException();
                }
                flushed = true;
            }
            bytes.flip();
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }
}
