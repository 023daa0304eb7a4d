package dev.hyson.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard input carries a document. Without FILE arguments the tool reads standard input
 * only when it is a pipe, a socket or a file; a terminal, {@code /dev/null} or a closed descriptor
 * means nobody is sending anything, so the bundled sample is used instead of waiting.
 */
enum StdinKind {
    /** A pipe, a socket, a FIFO or a regular file: read it. */
    DATA,
    /** A terminal, a device such as {@code /dev/null}, or closed: use the sample. */
    NONE;

    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;

    /** @return how this process's standard input looks */
    static StdinKind detect() {
        Path fd0 = Path.of("/proc/self/fd/0");
        if (!Files.isDirectory(Path.of("/proc/self/fd"))) {
            // no /proc (not Linux): a console means a person at a terminal
            return System.console() != null ? NONE : DATA;
        }
        String target;
        try {
            target = Files.readSymbolicLink(fd0).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return NONE; // descriptor 0 is closed
        }
        return classify(target);
    }

    /** @return whether {@code p} is the JVM's own file (its runtime image or this tool's jar) */
    private static boolean openedByJvm(Path p) {
        String javaHome = System.getProperty("java.home");
        if (javaHome != null && p.startsWith(Path.of(javaHome))) {
            return true;
        }
        try {
            java.security.CodeSource cs = StdinKind.class.getProtectionDomain().getCodeSource();
            return cs != null && cs.getLocation() != null
                    && Files.isSameFile(p, Path.of(cs.getLocation().toURI()));
        } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
            return false;
        }
    }

    /**
     * @param target where {@code /proc/self/fd/0} points: {@code pipe:[N]}, {@code socket:[N]} or a path
     * @return {@link #DATA} for a pipe, a socket, a FIFO or a regular file, {@link #NONE} otherwise
     */
    static StdinKind classify(String target) {
        if (target.startsWith("pipe:") || target.startsWith("socket:")) {
            return DATA;
        }
        if (!target.startsWith("/")) {
            return NONE; // anon_inode:... and the like
        }
        Path p = Path.of(target);
        if (Files.isRegularFile(p)) {
            // with descriptor 0 closed at launch, the JVM's first open file takes it: not input
            return openedByJvm(p) ? NONE : DATA;
        }
        try {
            Object mode = Files.getAttribute(p, "unix:mode");
            if (mode instanceof Integer && (((Integer) mode) & S_IFMT) == S_IFIFO) {
                return DATA;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // not a FIFO we can recognise
        }
        return NONE;
    }
}
