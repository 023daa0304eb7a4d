package dev.hyson.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.Callable;
import dev.hyson.Backend;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code hyson} command: pretty-prints, minifies, validates and measures JSON documents with
 * hyson. {@link #main} runs it for the process; {@link #run} runs it on given streams, for tests and
 * for programs that embed the tool.
 *
 * <p>Exit codes: 0 when every document was handled, 1 when any document was invalid or could not
 * be read or written, 2 for a usage error (an unknown option, a bad option value, a backend or a
 * forced CPU kernel that cannot be had), 3 when the tool ran out of memory or failed inside (one
 * line on standard error, never a stack trace), 141 when the reader of standard output closed it
 * early (as {@code hyson minify big.json | head} does; nothing is printed then).
 */
@Command(
        name = "hyson",
        sortOptions = false,
        usageHelpAutoWidth = true,
        synopsisSubcommandLabel = "COMMAND",
        description = "Pretty-print, minify, validate and measure JSON (RFC 8259), and convert it to and from MessagePack, with hyson.",
        commandListHeading = "%nCommands:%n",
        footerHeading = "%n",
        footer = {
            "Without FILE a command reads standard input, or the bundled sample document when standard "
                    + "input is a terminal (empty input is an error). A command's options may come before or "
                    + "after its name. Run 'hyson COMMAND --help' for the options of a command.",
            "",
            "Environment:",
            "  HYSON_BACKEND   backend when --backend is not given: auto, native or java",
            "  JAVA_OPTS, HYSON_JAVA_OPTS",
            "                  options the ./hyson launcher gives the JVM: -Xmx4g, -Xss64m",
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document was handled",
            "1:a document was invalid, or could not be read or written",
            "2:usage error: unknown option, bad value, unavailable backend or forced kernel",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
            "4:get: a POINTER named no value (the others were printed)",
            "141:standard output was closed by its reader (e.g. | head); nothing is printed",
        })
public final class Main implements Callable<Integer> {
    /** Exit code for success. */
    static final int OK = 0;
    /** Exit code when a document failed: invalid, unreadable or unwritable. */
    static final int FAILED = 1;
    /** Exit code for a usage error. */
    static final int USAGE = 2;
    /** Exit code when the heap ran out, or for an internal error (a bug in hyson). */
    static final int INTERNAL = 3;
    /** Exit code when standard output was closed by its reader: 128 + SIGPIPE, as a shell reports it. */
    static final int CLOSED_PIPE = 141;

    private final Context ctx;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help, then exit.")
    private boolean help;

    @Option(names = {"-V", "--version"}, description = "Print the version and the backend in use, then exit.")
    private boolean version;

    private Main(Context ctx) {
        this.ctx = ctx;
    }

    /**
     * Runs the tool on the process's standard streams and exits with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.in, new FileOutputStream(FileDescriptor.out), System.err));
    }

    /**
     * Runs the tool on the given streams; standard input is classified as the process's is (see
     * {@link StdinKind#detect()}). Neither stream is closed.
     *
     * @param args the command line
     * @param in standard input
     * @param out standard output: documents, statistics, help (buffered here, flushed, never closed)
     * @param err standard error: notes and error messages
     * @return the exit code: 0 success, 1 a document failed, 2 usage error, 3 out of memory or internal
     *     error, 141 standard output closed
     */
    public static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        return run(args, in, out, err, StdinKind.detect(), System.getenv());
    }

    /**
     * Runs the tool with standard input classified as {@code stdinKind} and with {@code env} as the
     * environment, so tests can simulate a terminal and set {@code HYSON_BACKEND}.
     */
    static int run(String[] args, InputStream in, OutputStream out, PrintStream err, StdinKind stdinKind,
            Map<String, String> env) {
        Context ctx = new Context(in, out, err, stdinKind, env);
        int code;
        try {
            String[] line = commandFirst(args, COMMANDS);
            if (line.length > 0 && !line[0].startsWith("-") && !COMMANDS.contains(line[0]) && !line[0].equals("help")) {
                // picocli would say "Unmatched arguments from index 0"
                ctx.error("unknown command '" + line[0] + "'; the commands are " + String.join(", ", COMMANDS)
                        + "; try 'hyson --help'");
                return USAGE;
            }
            CommandLine cl = commandLine(ctx, line.length > 0 && COMMANDS.contains(line[0]) ? line[0] : null);
            code = cl.execute(line);
            ctx.flush();
            IOException lost = ctx.stdout.lastFailure();
            if (lost != null && ctx.out.checkError()) {
                // text written through the PrintWriter (stats, validate -v, help), whose errors it keeps to itself
                ctx.err.println("hyson: <stdout>: cannot write: " + Input.describe(lost));
                code = code == OK ? FAILED : code;
            }
        } catch (StandardOutput.Closed e) {
            code = CLOSED_PIPE;
        } catch (OutOfMemoryError e) {
            // the values of the failed document are garbage by now: there is room for one line
            ctx.error(outOfMemory(ctx.activity, Runtime.getRuntime().maxMemory(), ctx.inputLength, ctx.limitOptions));
            code = INTERNAL;
        } catch (StackOverflowError e) {
            // the library runs deep work on a deep stack within --max-depth; what still overflows gets one line
            ctx.error((ctx.activity == null ? "" : ctx.activity + ": ") + "nesting too deep for the thread's stack "
                    + "(lower --max-depth, or raise the stack: JAVA_OPTS=-Xss64m)");
            code = INTERNAL;
        } catch (Error e) {
            // never a stack trace from the tool
            StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
            ctx.error("internal error: " + e + (at == null ? "" : " at " + at) + " (a bug in hyson: please report it)");
            code = INTERNAL;
        } finally {
            ctx.err.flush();
        }
        return ctx.stdout.isClosed() ? CLOSED_PIPE : code;
    }

    /**
     * The command's own options may come before its name ({@code hyson --backend native validate f.json}):
     * when the line starts with an option other than the tool's {@code -h}/{@code --help}/{@code -V}/
     * {@code --version}, the first word that names a command is moved to the front.
     *
     * @param args the command line
     * @param commands the command names
     * @return the command line with the command first, or {@code args} as they are
     */
    static String[] commandFirst(String[] args, java.util.Set<String> commands) {
        if (args.length == 0 || !args[0].startsWith("-") || java.util.List.of("-h", "--help", "-V", "--version").contains(args[0])) {
            return args;
        }
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--")) {
                return args;
            }
            if (commands.contains(args[i])) {
                String[] moved = new String[args.length];
                moved[0] = args[i];
                System.arraycopy(args, 0, moved, 1, i);
                System.arraycopy(args, i + 1, moved, i + 1, args.length - i - 1);
                return moved;
            }
        }
        return args;
    }

    /** The commands' names, in the order the usage lists them. */
    static final java.util.Set<String> COMMANDS = java.util.Collections.unmodifiableSet(
            new java.util.LinkedHashSet<>(java.util.List.of("pretty", "minify", "validate", "get", "stats", "convert", "bench")));

    /** @return a new instance of the command {@code name} (one of {@link #COMMANDS}) */
    private static Object command(String name, Context ctx) {
        switch (name) {
            case "pretty":
                return new PrettyCommand(ctx);
            case "minify":
                return new MinifyCommand(ctx);
            case "validate":
                return new ValidateCommand(ctx);
            case "get":
                return new GetCommand(ctx);
            case "stats":
                return new StatsCommand(ctx);
            case "convert":
                return new ConvertCommand(ctx);
            case "bench":
                return new BenchCommand(ctx);
            default:
                throw new IllegalArgumentException("no command " + name);
        }
    }

    /** The whole tool: every command (for usage and help). */
    static CommandLine commandLine(Context ctx) {
        return commandLine(ctx, null);
    }

    /**
     * The tool with the command named {@code only}, or with every command when it is null. picocli builds
     * a command's model (by reflection) when the command is added, about 15 ms each on a cold JVM, so a
     * run adds only the command it runs; usage and help ({@code hyson}, {@code --help}, {@code help},
     * an unknown command) get them all.
     */
    static CommandLine commandLine(Context ctx, String only) {
        CommandLine cl = new CommandLine(new Main(ctx));
        for (String name : COMMANDS) {
            if (only == null || only.equals(name)) {
                cl.addSubcommand(command(name, ctx));
            }
        }
        if (only == null) {
            cl.addSubcommand(new CommandLine.HelpCommand()); // 'hyson help' and 'hyson help COMMAND'
        }
        // these settings reach the subcommands added above
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(ctx.out);
        cl.setErr(ctx.err);
        cl.setParameterExceptionHandler(Main::usageError);
        cl.setExecutionStrategy(parsed -> {
            try {
                return new CommandLine.RunLast().execute(parsed);
            } catch (StandardOutput.Closed e) {
                return CLOSED_PIPE; // printing help met a closed pipe: picocli would print a stack trace
            }
        });
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof CliException) {
                ctx.error(e.getMessage());
                return ((CliException) e).exitCode();
            }
            if (e instanceof StandardOutput.Closed) {
                return CLOSED_PIPE;
            }
            String unavailable = Backend.active().error().orElse(null);
            if (e instanceof IllegalStateException && unavailable != null && unavailable.equals(e.getMessage())) {
                // the process-wide backend (or its forced kernel) cannot be had: a configuration error
                ctx.error(unavailable);
                return USAGE;
            }
            StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
            ctx.error("internal error: " + e + (at == null ? "" : " at " + at) + " (a bug in hyson: please report it)");
            return INTERNAL;
        });
        return cl;
    }

    /**
     * The one line for an {@link OutOfMemoryError}.
     *
     * @param activity what the run was doing ({@code "reading big.json"}), or null
     * @param maxHeap the heap limit in bytes ({@code Runtime.maxMemory()})
     * @return the message, naming the heap limit and what to change
     */
    static String outOfMemory(String activity, long maxHeap) {
        return outOfMemory(activity, maxHeap, -1);
    }

    /**
     * The one line for an {@link OutOfMemoryError}, with a heap to ask for that does not depend on the
     * heap that failed when the input's length is known.
     *
     * @param inputLength the input file's length in bytes, or -1 when unknown (standard input)
     */
    static String outOfMemory(String activity, long maxHeap, long inputLength) {
        // convert has no --max-document-length or --max-string-length to lower (its activity: "converting NAME")
        return outOfMemory(activity, maxHeap, inputLength, activity == null || !activity.startsWith("converting "));
    }

    /**
     * @param limits whether the command has --max-document-length and --max-string-length to lower
     *     (convert has not, whatever it was doing)
     */
    static String outOfMemory(String activity, long maxHeap, long inputLength, boolean limits) {
        String limit = maxHeap == Long.MAX_VALUE ? "no heap limit" : "heap limit " + (maxHeap >> 20) + " MiB";
        return "out of memory" + (activity == null ? "" : " " + activity) + " (" + limit + "); raise it with"
                + " JAVA_OPTS=-Xmx" + suggestedHeap(maxHeap, inputLength)
                + (limits ? " or lower --max-document-length / --max-string-length" : "");
    }

    /** Heap per input byte for a command that holds a document: the input, its tape, its tree and the output. */
    static final int HEAP_PER_INPUT_BYTE = 8;

    /**
     * With the input's length known: {@link #HEAP_PER_INPUT_BYTE} times it, at least 2 GiB, so the advice
     * is the same whatever heap failed. Otherwise four times the heap limit, at least 2 GiB. In -Xmx form.
     */
    private static String suggestedHeap(long maxHeap, long inputLength) {
        long gib;
        if (inputLength > 0 && inputLength < Long.MAX_VALUE / HEAP_PER_INPUT_BYTE) {
            gib = Math.max(2, (inputLength * HEAP_PER_INPUT_BYTE + (1L << 30) - 1) >> 30);
        } else {
            gib = maxHeap == Long.MAX_VALUE ? 2 : Math.max(2, ((maxHeap >> 20) * 4 + 1023) / 1024);
        }
        return gib + "g";
    }

    /** Prints a usage error briefly (the message, suggestions, where to find help) and gives exit code 2. */
    private static int usageError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        java.io.PrintWriter err = cmd.getErr();
        String message = e.getMessage();
        if (e instanceof UnmatchedArgumentException && "convert".equals(cmd.getCommandSpec().name())) {
            // picocli names the option's value as unknown too ("Unknown options: '--backend', 'f.json'"): say
            // what convert has instead of the reader options it lacks
            java.util.List<String> unmatched = ((UnmatchedArgumentException) e).getUnmatched();
            if (unmatched.contains("--backend") || unmatched.stream().anyMatch(a -> a.startsWith("--backend="))) {
                message = "convert has no --backend: choose the backend with ./hyson -Dhyson.backend=NAME convert ...";
            } else if (unmatched.stream().anyMatch(a -> a.equals("--max-document-length") || a.startsWith("--max-document-length="))) {
                message = "convert has no --max-document-length: a JSON document read whole is limited to 1 GiB, "
                        + "MessagePack to JSON is not limited";
            }
        }
        err.println("hyson: " + message);
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return USAGE;
    }

    /** Prints the version (or, without a command, the usage on standard error with exit code 2). */
    @Override
    public Integer call() {
        if (version) {
            for (String line : Version.lines(ctx)) {
                ctx.out.println(line);
            }
            ctx.out.flush();
            return OK;
        }
        ctx.err.println("hyson: no command given");
        spec.commandLine().usage(ctx.err);
        return USAGE;
    }
}
