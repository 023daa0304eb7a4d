package dev.hyson.cli;

import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.stream.JsonGenerator;
import dev.hyson.stream.JsonParser;
import java.io.InputStream;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * A command that parses each document and writes it again, followed by one newline, to standard
 * output or to {@code -o OUT}. Output is streamed through a buffer. {@code OUT} is written as an
 * {@link OutputFile}: a temporary file moved onto it when every document was handled, so a run with
 * any failure (an invalid document, a write error, no memory left) leaves an existing file as it
 * was, and an input may be rewritten in place.
 */
abstract class WriteCommand extends InputCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "OUT", order = 20,
            description = "Write to OUT instead of standard output (documents one after another; - is standard output). OUT is replaced "
                    + "only when every document was handled (through a temporary file in its directory); "
                    + "after any failure it is left as it was.")
    Path output;

    @Option(names = "--ascii-only", order = 21, description = "Escape every non-ASCII character as \\uXXXX.")
    boolean asciiOnly;

    @Option(names = "--script-safe", order = 22,
            description = "Also escape /, U+2028 and U+2029, for embedding in HTML <script> or JavaScript.")
    boolean scriptSafe;

    @Option(names = "--sort-keys", order = 23, description = "Write object members sorted by name.")
    boolean sortKeys;

    @Mixin
    LinesOption linesOption;

    private JsonWriter writer;
    private Rewindable target;
    private OutputFile file;

    WriteCommand(Context ctx) {
        super(ctx);
    }

    /** Sets the layout: pretty with its indent, or compact. */
    abstract void layout(JsonWriter.Builder b);

    @Override
    final LinesOption linesOption() {
        return linesOption;
    }

    @Override
    final void prepare() {
        if (output != null && output.toString().equals("-")) {
            output = null; // -o - is standard output, as - is standard input
        }
        writer();
    }

    @Override
    final void handle(Input input, JsonReader reader, int count) throws IOException {
        JsonWriter w = writer();
        Rewindable out = target();
        try {
            out.mark();
        } catch (IOException e) {
            throw abandon(InputCommand.OutputFailure.of(targetName(), e));
        }
        OutputStream sink = new GuardedOutput(out, e -> abandon(InputCommand.OutputFailure.of(targetName(), e)));
        boolean done = false;
        try {
            if (lines(input)) {
                // each line as a lazy document, a view of the reader's window (nothing copied): the writer
                // copies it from its tape, building no tree, then a line feed
                try (InputStream in = input.open(ctx)) {
                    reader.lines().forEachDocument(in, doc -> {
                        try {
                            w.write(doc, sink);
                        } catch (dev.hyson.JsonWriteException e) {
                            // a value the writer refuses (an overflowed number): the path is in the line, so name it
                            throw new dev.hyson.JsonWriteException(e.problem() + " (in line " + doc.line() + ")", e.path());
                        }
                        try {
                            sink.write('\n');
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
                done = true;
                return;
            } else {
                try (InputStream in = input.open(ctx)) {
                    writeDocument(in, !input.reopenable(), reader, w, sink);
                } catch (Repeated e) {
                    // a repeated name, last one wins: the value was already streamed; redo from the start with the tree
                    if (!out.rewind() || !input.reopenable() && e.replay == null) {
                        throw new JsonParseException(JsonParseException.Kind.DUPLICATE_KEY, e.what, "the last value cannot "
                                + "replace the first once more than " + (Rewindable.LIMIT >> 20) + " MiB of the document "
                                + "were written out; use --duplicate-keys first", e.offset, e.line, e.column);
                    }
                    try (InputStream in = e.replay != null ? e.replay : input.open(ctx)) {
                        writeTree(in, reader, w, sink);
                    }
                }
            }
            sink.write('\n');
            done = true;
        } finally {
            if (!done && out == target) {
                out.rewind(); // an invalid document leaves nothing (of its last 4 MiB at most) on the output
            }
        }
    }

    /** @return whether this command pretty-prints */
    abstract boolean isPretty();

    /**
     * One document, streamed from the parser to the generator token by token. Only --sort-keys and
     * --duplicate-keys error need the whole value and build it.
     */
    private void writeDocument(InputStream in, boolean once, JsonReader reader, JsonWriter w, OutputStream sink) {
        if (sortKeys || readerOptions.duplicateKeys == DuplicateKeyPolicy.ERROR) {
            writeTree(in, reader, w, sink);
            return;
        }
        InputStream source = in;
        Replay replay = null;
        if (once && readerOptions.duplicateKeys == DuplicateKeyPolicy.LAST_WINS) {
            replay = new Replay(in); // standard input cannot be opened again: keep its first bytes for a redo
            source = replay;
        }
        try (JsonParser p = reader.parser(source); JsonGenerator g = w.generator(sink)) {
            if (p.nextToken() == null) {
                throw new IllegalStateException("a parser with no first token");
            }
            try {
                g.copyCurrentStructure(p, readerOptions.duplicateKeys);
            } catch (JsonParseException e) {
                if (e.kind() != JsonParseException.Kind.DUPLICATE_KEY) {
                    throw e;
                }
                String what = e.getMessage();
                int cut = what.lastIndexOf(" at line ");
                Repeated r = new Repeated(cut < 0 ? what : what.substring(0, cut), e.offset(), e.line(), e.column());
                r.replay = replay == null ? null : replay.again();
                throw r;
            }
            if (p.nextToken() != null) {
                throw new IllegalStateException("a parser with a token after the document");
            }
        }
    }

    /** The document as a value (what needs all of it: sorted keys, repeated names), then written. */
    private void writeTree(InputStream in, JsonReader reader, JsonWriter w, OutputStream sink) {
        Object value;
        try (JsonParser p = reader.parser(in)) {
            p.nextToken();
            value = p.readValue();
            p.nextToken();
        }
        w.write(value, sink);
    }

    /** A repeated member name met while streaming under --duplicate-keys last. */
    static final class Repeated extends RuntimeException {
        private static final long serialVersionUID = 1L;
        /** The error's text: the repeated name, quoted. */
        final String what;
        final long offset;
        final long line;
        final long column;
        transient InputStream replay;

        Repeated(String what, long offset, long line, long column) {
            super(null, null, false, false);
            this.what = what;
            this.offset = offset;
            this.line = line;
            this.column = column;
        }
    }

    /** Keeps the first 4 MiB read from a stream that cannot be opened again, to read them once more. */
    private static final class Replay extends java.io.FilterInputStream {
        private final java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();
        private boolean overflowed;

        Replay(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                keep(new byte[] {(byte) b}, 0, 1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                keep(b, off, n);
            }
            return n;
        }

        private void keep(byte[] b, int off, int n) {
            if (!overflowed && kept.size() + n <= Rewindable.LIMIT) {
                kept.write(b, off, n);
            } else {
                overflowed = true;
                kept.reset();
            }
        }

        /** @return the bytes read so far followed by the rest of the stream, or null when too many were read */
        InputStream again() {
            return overflowed ? null : new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(kept.toByteArray()), in);
        }

        @Override
        public void close() throws IOException {
            // the stream's owner closes it
        }
    }

    /** Drops the broken output without flushing it again, so the failure is reported once. */
    private InputCommand.OutputFailure abandon(InputCommand.OutputFailure failure) {
        if (file != null) {
            file.abort(failure);
            file = null;
        }
        target = null;
        return failure;
    }

    private JsonWriter writer() {
        if (writer == null) {
            JsonWriter.Builder b = JsonWriter.builder()
                    .asciiOnly(asciiOnly)
                    .scriptSafe(scriptSafe)
                    .sortKeys(sortKeys)
                    .allowNonFinite(readerOptions.allowNan)
                    // a document the reader accepted is never too deep to write
                    .maxDepth(readerOptions.maxDepth == Integer.MAX_VALUE ? Integer.MAX_VALUE : readerOptions.maxDepth + 1);
            layout(b);
            writer = b.build();
        }
        return writer;
    }

    private Rewindable target() {
        if (target == null) {
            if (output == null) {
                target = new Rewindable(ctx.stdout);
            } else {
                try {
                    file = OutputFile.open(output);
                    target = new Rewindable(file.stream());
                } catch (IOException e) {
                    throw InputCommand.OutputFailure.of(targetName(), e);
                }
            }
        }
        return target;
    }

    private String targetName() {
        return output == null ? "<stdout>" : output.toString();
    }

    @Override
    final void finish(boolean success) {
        if (target == null) {
            return;
        }
        try {
            if (file == null) {
                target.commit(); // standard output: flushed, left open
            } else if (success) {
                target.commit();
                file.commit();
            } else {
                file.abort(null);
            }
        } catch (IOException e) {
            throw InputCommand.OutputFailure.of(targetName(), e);
        } finally {
            target = null;
            file = null;
        }
    }
}
