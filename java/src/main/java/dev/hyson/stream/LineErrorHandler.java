package dev.hyson.stream;

/**
 * What a JSON Lines reader does with a line it does not accept, under
 * {@link JsonLines#onError(LineErrorHandler)}: the line is skipped and the handler told. It is
 * called on the thread that consumes the stream, one line at a time in input order (also when the
 * lines are parsed in parallel), before the value of the next good line is delivered, so it needs
 * no synchronization of its own.
 *
 * <p>A handler that throws stops the reading: the exception leaves the stream operation that
 * reached the bad line (throw {@code error.exception()} to fail after all, for instance after a
 * number of errors).
 */
@FunctionalInterface
public interface LineErrorHandler {
    /**
     * Called for each line that is skipped.
     *
     * @param error the line's number, offset and exception
     */
    void onError(LineError error);
}
