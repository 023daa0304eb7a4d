package dev.hyson.cli;

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
     * standard input when it carries data and otherwise the sample, with a note on standard error.
     */
    static List<Input> resolve(List<String> files, Context ctx) {
        List<Input> inputs = new ArrayList<>();
        if (files == null || files.isEmpty()) {
            if (ctx.stdinKind == StdinKind.DATA) {
                inputs.add(new Input(Source.STDIN, STDIN_NAME));
            } else {
                ctx.error("no input given; using the bundled sample (" + SAMPLE + "). Pass a FILE or pipe JSON in.");
                inputs.add(new Input(Source.SAMPLE, SAMPLE));
            }
            return inputs;
        }
        for (String f : files) {
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

        Document(byte[] bytes, int length) {
            this.bytes = bytes;
            this.length = length;
        }
    }
}
