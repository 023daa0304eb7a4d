package dev.hyson.cli;

import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** One document to read: a file, standard input or the bundled sample. */
final class Input {
    /** The resource name of the bundled sample, next to this class. */
    static final String SAMPLE = "sample.json";
    /** How standard input is named in messages. */
    static final String STDIN_NAME = "<stdin>";

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private enum Source { FILE, STDIN, SAMPLE }

    private final Source source;
    private final String name;

    private Input(Source source, String name) {
        this.source = source;
        this.name = name;
    }

    /** @return the name used in messages: the path as given, {@code <stdin>} or {@code sample.json} */
    String name() {
        return name;
    }

    /** @return the bundled sample document */
    static Input sample() {
        return new Input(Source.SAMPLE, SAMPLE);
    }

    /**
     * Turns the FILE arguments into inputs: {@code -} is standard input; no argument at all is
     * standard input when it carries data, the sample when it is a terminal (with a note on standard
     * error).
     *
     * @throws CliException (usage) with no argument, or {@code -}, when standard input is closed
     */
    static List<Input> resolve(List<String> files, Context ctx) {
        List<Input> inputs = new ArrayList<>();
        if (files == null || files.isEmpty()) {
            if (ctx.stdinKind == StdinKind.DATA) {
                inputs.add(new Input(Source.STDIN, STDIN_NAME));
            } else if (ctx.stdinKind == StdinKind.CLOSED) {
                throw new CliException(Main.USAGE, "no input given and standard input is closed: pass a FILE, pipe JSON in, "
                        + "or use --sample");
            } else {
                ctx.error("no input given; using the bundled sample (" + SAMPLE + "). Pass a FILE or pipe JSON in.");
                inputs.add(new Input(Source.SAMPLE, SAMPLE));
            }
            return inputs;
        }
        for (String f : files) {
            if ("-".equals(f) && ctx.stdinKind == StdinKind.CLOSED) {
                throw new CliException(Main.USAGE, "'-' names standard input, which is closed");
            }
            inputs.add("-".equals(f) ? new Input(Source.STDIN, STDIN_NAME) : new Input(Source.FILE, f));
        }
        return inputs;
    }

    /**
     * Reads the whole document, up to {@link JsonReader#DEFAULT_MAX_DOCUMENT_LENGTH}; see
     * {@link #read(Context, long)}.
     *
     * @throws IOException when the input cannot be read
     */
    Document read(Context ctx) throws IOException {
        return read(ctx, JsonReader.DEFAULT_MAX_DOCUMENT_LENGTH);
    }

    /**
     * Reads the whole document. Reading stops one byte past {@code limit} (the reader's
     * {@code maxDocumentLength}), so that the parse reports the limit instead of running out of
     * memory.
     *
     * @param limit the longest document accepted, in bytes
     * @throws IOException when the input cannot be read, or is longer than the largest array while
     *     the limit is larger still
     */
    Document read(Context ctx, long limit) throws IOException {
        switch (source) {
            case STDIN:
                return readAll(ctx.in, 64 * 1024, limit);
            case SAMPLE:
                try (InputStream in = Input.class.getResourceAsStream(SAMPLE)) {
                    if (in == null) {
                        throw new IOException("the bundled sample is missing from the jar");
                    }
                    return readAll(in, 8192, limit);
                }
            default:
                Path p = Path.of(name);
                try (InputStream in = Files.newInputStream(p)) {
                    long size = Files.isRegularFile(p) ? Files.size(p) : 0;
                    return readAll(in, (int) Math.min(Math.min(size, limit) + 1, 64L * 1024 * 1024), limit);
                }
        }
    }

    /**
     * Reads the whole document while {@code reader} validates it as it arrives (a streamed scan, in bounded
     * memory): an error stops the read at once, so input that is garbage from its first byte (a device
     * of zeros, a binary file) is not read whole first. The bytes are kept up to one past {@code limit}.
     *
     * @return the document; {@link Document#error} is the validation's error (the bytes then end a little
     *     past it), null when the document is valid
     * @throws IOException when the input cannot be read, or is longer than the largest array while
     *     the limit is larger still
     */
    Document readValidated(Context ctx, JsonReader reader, long limit) throws IOException {
        try (InputStream in = open(ctx)) {
            Kept kept = new Kept(in, length() > 0 ? (int) Math.min(Math.min(length(), limit) + 1, 64L * 1024 * 1024) : 64 * 1024, limit);
            JsonParseException error = null;
            try {
                reader.validate(kept);
            } catch (JsonParseException e) {
                error = e;
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
            if (kept.tooLong) {
                throw new IOException("longer than " + MAX_ARRAY + " bytes, the most the tool reads as one document");
            }
            Document d = new Document(kept.buf, kept.n);
            d.error = error;
            return d;
        }
    }

    /** A stream whose bytes read are also kept, up to one past a limit. */
    private static final class Kept extends java.io.FilterInputStream {
        byte[] buf;
        int n;
        final long limit;
        boolean tooLong;

        Kept(InputStream in, int initial, long limit) {
            super(in);
            this.buf = new byte[Math.max(initial, 16)];
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                keep(new byte[] {(byte) c}, 0, 1);
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int r = super.read(b, off, len);
            if (r > 0) {
                keep(b, off, r);
            }
            return r;
        }

        private void keep(byte[] b, int off, int len) {
            int want = (int) Math.min(len, Math.max(0, Math.min(limit + 1, MAX_ARRAY) - n));
            if (len > want && n + want >= MAX_ARRAY && limit >= MAX_ARRAY) {
                tooLong = true;
            }
            if (want == 0) {
                return;
            }
            if (n + want > buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.min(MAX_ARRAY, Math.max(n + (long) want, Math.min(n * 2L, Math.min(limit, MAX_ARRAY) + 1))));
            }
            System.arraycopy(b, off, buf, n, want);
            n += want;
        }

        @Override
        public long skip(long k) throws IOException {
            byte[] tmp = new byte[(int) Math.min(k, 8192)];
            int r = read(tmp, 0, tmp.length);
            return Math.max(r, 0);
        }
    }

    private static Document readAll(InputStream in, int initial, long limit) throws IOException {
        byte[] buf = new byte[Math.max(initial, 16)];
        int n = 0;
        for (;;) {
            if (n == buf.length) {
                if (n > limit) {
                    break;
                }
                if (n >= MAX_ARRAY) {
                    if (in.read() < 0) {
                        break;
                    }
                    throw new IOException("longer than " + MAX_ARRAY + " bytes, the most the tool reads as one document");
                }
                buf = Arrays.copyOf(buf, (int) Math.min(MAX_ARRAY, Math.min(n * 2L, Math.min(limit, MAX_ARRAY) + 1)));
            }
            int r = in.read(buf, n, buf.length - n);
            if (r < 0 || (n += r) > limit) {
                break;
            }
        }
        return new Document(buf, n);
    }

    /** @return whether this input is a file whose name says JSON Lines: {@code *.ndjson} or {@code *.jsonl} */
    boolean namedAsLines() {
        if (source != Source.FILE) {
            return false;
        }
        String n = name.toLowerCase(java.util.Locale.ROOT);
        return n.endsWith(".ndjson") || n.endsWith(".jsonl");
    }

    /** @return the file's length in bytes, or -1 for standard input, the sample or a file whose length is unknown */
    long length() {
        if (source != Source.FILE) {
            return -1;
        }
        try {
            java.nio.file.Path p = java.nio.file.Path.of(name);
            return java.nio.file.Files.isRegularFile(p) ? java.nio.file.Files.size(p) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** @return whether {@link #open} can be called again to read the same bytes (a file or the sample) */
    boolean reopenable() {
        return source != Source.STDIN;
    }

    /**
     * Opens the input as a stream, read as it is consumed (never whole first). Closing the stream of
     * standard input leaves standard input open.
     *
     * @throws IOException when the input cannot be opened
     */
    InputStream open(Context ctx) throws IOException {
        switch (source) {
            case STDIN:
                return new java.io.FilterInputStream(ctx.in) {
                    @Override
                    public void close() {
                        // standard input stays open for whatever reads it next
                    }
                };
            case SAMPLE:
                InputStream in = Input.class.getResourceAsStream(SAMPLE);
                if (in == null) {
                    throw new IOException("the bundled sample is missing from the jar");
                }
                return in;
            default:
                Path p = Path.of(name);
                if (Files.isDirectory(p)) {
                    throw new IOException("is a directory");
                }
                return Files.newInputStream(p);
        }
    }

    /** @return a short description of why reading failed */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        if (m != null && (m.equals("Is a directory") || m.endsWith(": Is a directory") || m.endsWith("(Is a directory)"))) {
            return "is a directory"; // the system's words for it, as the tool's own check says it
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** The bytes of a document: {@code bytes[0, length)}. */
    static final class Document {
        final byte[] bytes;
        final int length;
        /** From {@link #readValidated}: the document's error, or null. */
        JsonParseException error;

        Document(byte[] bytes, int length) {
            this.bytes = bytes;
            this.length = length;
        }
    }
}
