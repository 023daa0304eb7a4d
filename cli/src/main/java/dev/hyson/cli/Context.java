package dev.hyson.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** What one run of the tool talks to: its streams, how standard input looks, its environment. */
final class Context {
    /** Standard input. */
    final InputStream in;
    /** Standard output as bytes, for documents; {@link #out} writes through it. */
    final StandardOutput stdout;
    /** Standard output as UTF-8 text, for help, statistics and verdicts. */
    final PrintWriter out;
    /** Standard error as UTF-8 text. */
    final PrintWriter err;
    /** Whether standard input carries data. */
    final StdinKind stdinKind;
    /** The environment variables. */
    final Map<String, String> env;
    /**
     * What the run is doing, for the out-of-memory message: {@code "reading FILE"}, {@code "writing OUT"};
     * null before the first input.
     */
    String activity;
    /** The length in bytes of the input being read, when it is a file; -1 otherwise (for the same message). */
    long inputLength = -1;
    /** Whether the running command has --max-document-length and --max-string-length (convert has not), for the same message. */
    boolean limitOptions = true;

    Context(InputStream in, OutputStream out, PrintStream err, StdinKind stdinKind, Map<String, String> env) {
        this.in = in;
        this.stdout = new StandardOutput(out);
        this.out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8));
        this.err = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8));
        this.stdinKind = stdinKind;
        this.env = env;
    }

    /** Prints {@code hyson: message} on standard error. */
    void error(String message) {
        out.flush();
        err.println("hyson: " + message);
        err.flush();
    }

    /**
     * Flushes standard output, then standard error.
     *
     * @throws StandardOutput.Closed when the reader of standard output has gone
     */
    void flush() {
        out.flush();
        err.flush();
    }
}
