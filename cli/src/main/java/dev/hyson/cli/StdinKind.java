package dev.hyson.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard input carries a document. Without FILE arguments the tool reads standard input
 * unless it is a terminal or closed: a terminal means a person typed {@code hyson validate} to try
 * it, so the bundled sample is used instead of waiting; closed standard input ({@code <&-}, a
 * daemon's) is an error, since a script's missing input must not pass as a "valid" sample. Anything
 * else is read, devices such as {@code /dev/null} and {@code /dev/zero} included, so a script's empty
 * input is an error too.
 */
enum StdinKind {
    /** A pipe, a socket, a FIFO, a regular file or a device other than a terminal: read it. */
    DATA,
    /** A terminal: use the sample. */
    NONE,
    /** Closed (or taken by a file the JVM opened at launch): an error without FILE arguments. */
    CLOSED;

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
            return CLOSED; // descriptor 0 is closed
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
     * @return {@link #NONE} for a terminal ({@code /dev/pts/N}, {@code /dev/ttyX}, {@code /dev/console})
     *     or something that is not a path; {@link #CLOSED} for a JVM's own file (descriptor 0 was closed
     *     at launch); {@link #DATA} for a pipe, a socket and any other path (a deleted file and a
     *     directory included)
     */
    static StdinKind classify(String target) {
        if (target.startsWith("pipe:") || target.startsWith("socket:")) {
            return DATA;
        }
        if (!target.startsWith("/")) {
            return NONE; // anon_inode:... and the like
        }
        if (target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console")) {
            return NONE;
        }
        Path p = Path.of(target);
        if (Files.isRegularFile(p)) {
            // with descriptor 0 closed at launch, the JVM's first open file takes it: not input
            return openedByJvm(p) ? CLOSED : DATA;
        }
        // a FIFO or a device such as /dev/null or /dev/zero: read it; so is a deleted file ("... (deleted)":
        // bash puts a long here-document in one), still readable through the descriptor, and a directory,
        // whose read fails with its own error: neither is a person at a terminal
        return DATA;
    }
}
