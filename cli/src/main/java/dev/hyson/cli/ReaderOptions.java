package dev.hyson.cli;

import dev.hyson.Backend;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonReader;
import dev.hyson.SurrogatePolicy;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/** The backend and parsing options every command takes (a picocli mixin). */
final class ReaderOptions {
    /** The environment variable naming the backend when {@code --backend} is not given. */
    static final String BACKEND_ENV = "HYSON_BACKEND";

    @Option(names = "--backend", paramLabel = "NAME", order = 1,
            description = "Scanner backend: auto (native when it loads, else java), native or java. "
                    + "Default: $" + BACKEND_ENV + ", else auto.")
    Backend.Choice backend;

    @Option(names = "--max-depth", paramLabel = "N", order = 2,
            description = "Maximum nesting of arrays and objects (default: ${DEFAULT-VALUE}).")
    int maxDepth = JsonReader.DEFAULT_MAX_DEPTH;

    @Option(names = "--max-string-length", paramLabel = "N", order = 3,
            description = "Maximum length of one string in bytes (default: ${DEFAULT-VALUE}).")
    long maxStringLength = JsonReader.DEFAULT_MAX_STRING_LENGTH;

    @Option(names = "--max-number-length", paramLabel = "N", order = 4,
            description = "Maximum length of one number in characters (default: ${DEFAULT-VALUE}).")
    int maxNumberLength = JsonReader.DEFAULT_MAX_NUMBER_LENGTH;

    @Option(names = "--max-document-length", paramLabel = "N", order = 4, converter = SizeConverter.class,
            description = "Maximum length of one document in bytes; a suffix k, m or g multiplies by 1024, 1024^2 "
                    + "or 1024^3 (2g, 512m). Input is read no further. Default: none for the commands that stream "
                    + "in bounded memory (validate, pretty, minify, stats), 1g for bench, which holds a document "
                    + "(as convert does, which has no such option). On a small heap lower it (or --max-string-length) so a document too large "
                    + "fails with this limit, not out of memory.")
    Long maxDocumentLength;

    @Option(names = "--duplicate-keys", paramLabel = "POLICY", order = 5, converter = DuplicateKeysConverter.class,
            description = "A repeated member name: last (the later wins; the default, but for get: first), first or error. minify and pretty "
                    + "stream a document: with last, a repeat met after 4 MiB of output is an error (use first).")
    DuplicateKeyPolicy duplicateKeys = DuplicateKeyPolicy.LAST_WINS;

    @Option(names = "--lone-surrogates", paramLabel = "POLICY", order = 6,
            description = "A lone \\uD800-\\uDFFF escape: keep (default), replace (by U+FFFD) or error.")
    SurrogatePolicy loneSurrogates = SurrogatePolicy.KEEP;

    @Option(names = "--allow-comments", order = 7, description = "Non-standard: accept // and /* */ comments.")
    boolean allowComments;

    @Option(names = "--allow-trailing-commas", order = 8, description = "Non-standard: accept [1,2,] and {\"a\":1,}.")
    boolean allowTrailingCommas;

    @Option(names = "--allow-nan", order = 9,
            description = "Non-standard: accept (and write) the literals NaN, Infinity and -Infinity.")
    boolean allowNan;

    @Option(names = "--allow-overflow", order = 10,
            description = "Read a number beyond the double range (1e400) as an infinity instead of failing.")
    boolean allowOverflow;

    @Option(names = "--reject-bom", order = 11, description = "Fail on a leading UTF-8 byte order mark (default: skip it).")
    boolean rejectBom;

    @Option(names = "--big-decimal", order = 12,
            description = "Keep numbers with a fraction or exponent exact (BigDecimal) instead of doubles.")
    boolean bigDecimal;

    /**
     * @return --max-document-length as given, else the library's default (1 GiB): the limit for a
     *     command that holds a whole document in memory. Streaming commands, whose memory does not grow
     *     with the document, have no limit unless one is given.
     */
    long wholeDocumentLimit() {
        return maxDocumentLength != null ? maxDocumentLength : JsonReader.DEFAULT_MAX_DOCUMENT_LENGTH;
    }

    /** The JVM property that forces a native CPU kernel (a forced kernel that cannot run is a usage error). */
    static final String KERNEL_PROPERTY = "hyson.native.kernel";

    /**
     * @param ctx the run, for {@code HYSON_BACKEND}
     * @param spec the command, for usage errors
     * @return a reader with these options
     * @throws ParameterException for a value the reader refuses (exit code 2)
     * @throws CliException when the backend asked for is unknown or unavailable (exit code 2)
     */
    JsonReader reader(Context ctx, CommandSpec spec) {
        JsonReader.Builder b = JsonReader.builder();
        try {
            b.maxDepth(maxDepth)
                    .maxStringLength(maxStringLength)
                    .maxNumberLength(maxNumberLength)
                    .maxDocumentLength(maxDocumentLength != null ? maxDocumentLength : Long.MAX_VALUE);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        b.duplicateKeys(duplicateKeys)
                .loneSurrogates(loneSurrogates)
                .allowComments(allowComments)
                .allowTrailingCommas(allowTrailingCommas)
                .allowNonFiniteLiterals(allowNan)
                .allowInfinityForOverflow(allowOverflow)
                .allowByteOrderMark(!rejectBom)
                .bigDecimals(bigDecimal);
        Backend.Choice choice = backend != null ? backend : fromEnv(ctx.env);
        Backend chosen = choice == null ? Backend.active() : Backend.of(choice);
        if (!chosen.isAvailable()) {
            String kernel = System.getProperty(KERNEL_PROPERTY);
            if (kernel != null && !kernel.isBlank()) {
                // the error names -Dhyson.native.kernel and says what this CPU has
                throw new CliException(Main.USAGE, chosen.error().orElse(KERNEL_PROPERTY + "=" + kernel + " cannot be used"));
            }
            String source = backend != null ? "--backend " + lower(choice)
                    : choice != null ? BACKEND_ENV + "=" + ctx.env.get(BACKEND_ENV) : "-Dhyson.backend";
            String why = chosen.fallbackReason().or(chosen::error).orElse("unknown reason");
            throw new CliException(Main.USAGE, source + ": the " + chosen.requested() + " backend is unavailable: " + why);
        }
        if (choice != null) {
            b.backend(choice);
        }
        return b.build();
    }

    /**
     * @return the backend named by {@code HYSON_BACKEND}, or null when it is unset or blank
     * @throws CliException when it names no backend
     */
    static Backend.Choice fromEnv(Map<String, String> env) {
        String v = env.get(BACKEND_ENV);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Backend.Choice.valueOf(v.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, BACKEND_ENV + "=" + v + " names no backend: expected auto, native or java");
        }
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads a size in bytes: digits, optionally followed by {@code k}, {@code m} or {@code g} (any
     * case, powers of 1024), and optionally by {@code b} or {@code ib}: 100, 100b, 512m, 2G, 64KiB.
     */
    static final class SizeConverter implements ITypeConverter<Long> {
        /** @return the size; throws a conversion error (exit code 2) for anything else or an overflow */
        @Override
        public Long convert(String value) {
            String v = value.trim().toLowerCase(Locale.ROOT);
            if (v.endsWith("ib")) {
                v = v.substring(0, v.length() - 2);
            } else if (v.endsWith("b")) {
                v = v.substring(0, v.length() - 1);
            }
            int shift = 0;
            if (!v.isEmpty()) {
                int at = "kmg".indexOf(v.charAt(v.length() - 1));
                if (at >= 0) {
                    shift = 10 * (at + 1);
                    v = v.substring(0, v.length() - 1);
                }
            }
            if (v.isEmpty() || !v.chars().allMatch(Character::isDigit)) {
                throw new TypeConversionException("expected a size in bytes such as 1000000, 512m or 2g but was '" + value + "'");
            }
            try {
                long n = Long.parseLong(v);
                if (n > Long.MAX_VALUE >> shift) {
                    throw new NumberFormatException();
                }
                return n << shift;
            } catch (NumberFormatException e) {
                throw new TypeConversionException("size too large: '" + value + "'");
            }
        }
    }

    /** Reads {@code last}, {@code first} or {@code error} (any case). */
    static final class DuplicateKeysConverter implements ITypeConverter<DuplicateKeyPolicy> {
        /** @return the policy named by {@code value}; throws a conversion error (exit code 2) otherwise */
        @Override
        public DuplicateKeyPolicy convert(String value) {
            switch (value.toLowerCase(Locale.ROOT)) {
                case "last":
                    return DuplicateKeyPolicy.LAST_WINS;
                case "first":
                    return DuplicateKeyPolicy.FIRST_WINS;
                case "error":
                    return DuplicateKeyPolicy.ERROR;
                default:
                    throw new TypeConversionException("expected last, first or error but was '" + value + "'");
            }
        }
    }
}
