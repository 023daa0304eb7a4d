package dev.hyson.cli;

import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriteException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A command that handles each input document in turn. A document that cannot be read or parsed is
 * reported on standard error with its name and the others are still handled; the exit code is 1
 * when any failed.
 */
abstract class InputCommand implements Callable<Integer> {
    final Context ctx;

    @Spec
    CommandSpec spec;

    @Mixin
    ReaderOptions readerOptions;

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "JSON documents to read; - is standard input. Default: standard input, or the "
                    + "bundled sample when standard input is a terminal.")
    List<String> files = new ArrayList<>();

    @Option(names = "--sample", order = 99,
            description = "Read the bundled sample document (whatever standard input is), instead of FILE.")
    boolean sample;

    @Option(names = {"-h", "--help"}, usageHelp = true, order = 100, description = "Print this help, then exit.")
    boolean help;

    InputCommand(Context ctx) {
        this.ctx = ctx;
    }

    /** Runs the command over every input; see the class documentation for the exit code. */
    @Override
    public final Integer call() {
        JsonReader reader = readerOptions.reader(ctx, spec);
        prepare();
        if (sample && !files.isEmpty()) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--sample takes no FILE");
        }
        List<Input> inputs = sample ? List.of(Input.sample()) : Input.resolve(files, ctx);
        int failed = 0;
        boolean completed = false;
        try {
            for (Input input : inputs) {
                ctx.activity = "reading " + input.name();
                ctx.inputLength = input.length();
                try {
                    handle(input, reader, inputs.size());
                } catch (IOException e) {
                    ctx.error(input.name() + ": cannot read: " + Input.describe(e));
                    failed++;
                } catch (UncheckedIOException e) {
                    ctx.error(input.name() + ": cannot read: " + Input.describe(e.getCause()));
                    failed++;
                } catch (JsonParseException e) {
                    ctx.error(input.name() + ": " + inFlags(e.getMessage()) + linesHint(input, e));
                    failed++;
                } catch (JsonWriteException e) {
                    // a value the writer refuses (an overflowed number): its message begins "cannot write ..."
                    String m = e.getMessage().replace(" (JsonWriter.Builder.allowNonFinite(true) writes NaN and Infinity, which most parsers reject)",
                            writeHint().isEmpty() ? " (--allow-nan writes NaN and Infinity, which most parsers reject)" : "");
                    ctx.error(input.name() + ": " + (m.startsWith("cannot write") ? "" : "cannot write: ") + m + writeHint());
                    failed++;
                } catch (Reported e) {
                    failed++;
                }
            }
            completed = true;
        } catch (OutputFailure e) {
            ctx.error(e.getMessage());
            return Main.FAILED;
        } finally {
            try {
                finish(completed && failed == 0);
            } catch (OutputFailure e) {
                ctx.error(e.getMessage());
                failed++;
            }
        }
        ctx.flush();
        return failed > 0 ? Main.FAILED : Main.OK;
    }

    /** The library's hints name builder methods; on the command line the flags are what to change. */
    static String inFlags(String message) {
        return message
                .replace("JsonReader.Builder.maxDepth", "--max-depth")
                .replace("JsonReader.Builder.maxStringLength", "--max-string-length")
                .replace("JsonReader.Builder.maxNumberLength", "--max-number-length")
                .replace("JsonReader.Builder.maxDocumentLength", "--max-document-length")
                .replace("JsonReader.Builder.allowInfinityForOverflow(true)", "--allow-overflow")
                .replace("JsonReader.Builder.allowByteOrderMark(false)", "--reject-bom")
                .replace("DuplicateKeyPolicy.ERROR", "--duplicate-keys error")
                .replace("SurrogatePolicy.ERROR", "--lone-surrogates error")
                .replace("JsonWriter.Builder.allowNonFinite(true)", "--allow-nan");
    }

    private String writeHint() {
        return readerOptions.allowOverflow && !readerOptions.allowNan
                ? " (an overflowed number became an infinity; add --allow-nan to write it as Infinity)" : "";
    }

    /**
     * @return a hint to add --ndjson when a document read as one value has a second value on a later
     *     line (what JSON Lines looks like), else ""
     */
    final String linesHint(Input input, JsonParseException e) {
        return linesOption() != null && !lines(input) && !linesOption().documentsChosen() && e.line() > 1
                && e.getMessage().contains("expected the end of input after the value")
                ? "; if the input is JSON Lines (one value per line), add --ndjson" : "";
    }

    /** @return whether {@code input} is read as JSON Lines: --ndjson, --no-ndjson, or its name */
    final boolean lines(Input input) {
        LinesOption o = linesOption();
        return o != null && o.lines(input);
    }

    /** @return the command's --ndjson option, or null when it reads documents only */
    LinesOption linesOption() {
        return null;
    }

    /** Reads the whole document, up to one byte past --max-document-length. */
    final Input.Document readWhole(Input input) throws IOException {
        return input.read(ctx, readerOptions.wholeDocumentLimit());
    }

    /**
     * Checks the command's own options before any input is read.
     *
     * @throws picocli.CommandLine.ParameterException for a bad value (exit code 2)
     */
    void prepare() {
    }

    /**
     * Handles one input: a document, or JSON Lines when {@link #lines} says so.
     *
     * @param count how many inputs this run has
     * @throws IOException when the input cannot be opened or read (also as {@link UncheckedIOException})
     * @throws JsonParseException when the document is invalid
     * @throws Reported when the input failed and that was reported already
     * @throws OutputFailure when the output cannot be written; the run stops
     */
    abstract void handle(Input input, JsonReader reader, int count) throws IOException;

    /**
     * Ends the run: flushes and closes what {@link #handle} opened; also after an exception.
     *
     * @param success whether every document was handled (an output file is put in place only then)
     * @throws OutputFailure when that fails
     */
    void finish(boolean success) {
    }

    /** The input failed and what was wrong has been printed already. */
    static final class Reported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Reported() {
            super(null, null, false, false);
        }
    }

    /** The output could not be opened or written; the message says which and why. */
    static final class OutputFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputFailure(String message, Throwable cause) {
            super(message, cause);
        }

        static OutputFailure of(String target, IOException e) {
            return new OutputFailure(target + ": cannot write: " + Input.describe(e), e);
        }

        static OutputFailure of(String target, UncheckedIOException e) {
            return of(target, e.getCause());
        }
    }
}
