package dev.hyson.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The file of {@code -o FILE}, replaced only by a complete output: the output is written to a
 * temporary file in FILE's directory ({@code .FILE.*.tmp}) and moved onto FILE by {@link #commit()}
 * (an atomic rename where the file system has one), so a run that fails, is interrupted or runs out
 * of memory leaves the old FILE as it was ({@link #abort()} deletes the temporary file). A target
 * that exists and is not a regular file ({@code /dev/null}, a terminal, a FIFO) is written directly.
 *
 * <p>The new file gets the old one's permissions; a file that did not exist gets the permissions a
 * newly created file gets (0666 less the umask), not the owner-only ones of a temporary file. A
 * symbolic link is followed: the file it points to is replaced and the link stays.
 */
final class OutputFile {
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-rw-rw-");

    private final Path target;
    private final Path temp;
    private final OutputStream out;
    private boolean done;

    private OutputFile(Path target, Path temp, OutputStream out) {
        this.target = target;
        this.temp = temp;
        this.out = out;
    }

    /**
     * Opens the output for {@code file}.
     *
     * @param file the path given to {@code -o}
     * @return the open output
     * @throws IOException when the temporary file (or the target itself, when it is not a regular
     *     file) cannot be created or opened
     */
    static OutputFile open(Path file) throws IOException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            if (Files.isDirectory(file)) {
                throw new IOException("is a directory");
            }
            return new OutputFile(file, null, new BufferedOutputStream(Files.newOutputStream(file), StandardOutput.BUFFER));
        }
        Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
        Path dir = target.toAbsolutePath().getParent();
        String name = target.getFileName().toString();
        Path temp;
        try {
            temp = Files.createTempFile(dir, "." + name + ".", ".tmp", permissions(target, dir));
        } catch (java.nio.file.NoSuchFileException e) {
            // the temporary file's name is not the user's: say what is missing, or what refused it
            throw new IOException(Files.isDirectory(dir) ? "cannot create a file in " + dir : "no such directory: " + dir, e);
        }
        // a run stopped by SIGINT or SIGTERM (shutdown hooks run) leaves no temporary file; once moved onto
        // the target the name is gone and the delete does nothing
        temp.toFile().deleteOnExit();
        try {
            if (Files.exists(target)) {
                PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
                if (view != null) {
                    view.setPermissions(Files.getPosixFilePermissions(target));
                }
            }
            return new OutputFile(target, temp, new AsyncOutput(java.nio.channels.FileChannel.open(temp, java.nio.file.StandardOpenOption.WRITE)));
        } catch (IOException | RuntimeException | Error e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /** The attributes of a new file on a POSIX file system (then masked by the umask); none elsewhere. */
    private static FileAttribute<?>[] permissions(Path target, Path dir) {
        if (Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS) == null) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(NEW_FILE)};
    }

    /** @return the stream to write the output to */
    OutputStream stream() {
        return out;
    }

    /**
     * Closes the output and puts it in place of the target.
     *
     * @throws IOException when flushing, closing or moving fails; the temporary file is deleted then
     */
    void commit() throws IOException {
        if (done) {
            return;
        }
        done = true;
        try {
            out.close();
            if (temp != null) {
                try {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            deleteTemp(e);
            throw e;
        }
    }

    /**
     * Closes the output and deletes the temporary file, leaving the target as it was. Never throws:
     * it runs while another failure is being reported, to which its own failures are added.
     *
     * @param failure the failure being reported, or null
     */
    void abort(Throwable failure) {
        if (done) {
            return;
        }
        done = true;
        try {
            out.close();
        } catch (IOException | RuntimeException e) {
            if (failure != null) {
                failure.addSuppressed(e);
            }
        }
        deleteTemp(failure);
    }

    private void deleteTemp(Throwable failure) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException | RuntimeException e) {
            if (failure != null) {
                failure.addSuppressed(e);
            }
        }
    }
}
