package dev.hyson.internal.lines;

import dev.hyson.JsonReader;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.lang.reflect.Type;

/**
 * How {@code dev.hyson.stream} parses one line of a JSON Lines input with a {@link JsonReader}'s
 * options, backend and binder, with errors placed in the whole input: what the reader's public API
 * does not offer. {@code JsonReader} installs the {@link Access} when its class initializes (the
 * shared-secrets pattern of {@code dev.hyson.internal.tree.MemberMaps}); a {@code JsonLines} always
 * holds a reader, so the access is installed before it is needed.
 */
public final class LineAccess {
    /**
     * Reads the lines of a JSON Lines input with a reader's options: scanned a window of many lines
     * per call ({@link Scanner#scanLines}), then each valid line's value built or bound from the shared
     * tape. Thread-safe.
     */
    public interface LineParser {
        /**
         * @param windowLength the bytes of the window about to be scanned
         * @return the scanner for it: the reader's backend, or under {@code auto} the Java scanner for a
         *     window too short to earn a JNI call
         */
        Scanner scanner(int windowLength);

        /**
         * Builds or binds the value of one line that {@link Scanner#scanLines} scanned.
         *
         * @param tape the window's tape
         * @param entry the line's first entry in it
         * @param buf the buffer the window was scanned from
         * @param start the line's first byte
         * @param end the line's end (its line feed, or CR LF, excluded)
         * @param offset the byte offset of {@code buf[start]} in the whole input
         * @param line the 1-based line number of this line in the whole input
         * @return the value, as {@code JsonReader.parse} or {@code read} gives it
         * @throws dev.hyson.JsonParseException with offset, line and column in the whole input (a
         *     duplicate member name, a value that does not bind)
         */
        Object read(Tape tape, int entry, byte[] buf, int start, int end, long offset, long line);

        /**
         * @return whether {@link #read} does next to nothing beside the scan (a validation that builds no
         *     value): a stream's lines are then not scanned ahead on a thread of their own, whose hand-overs
         *     would cost more than they save
         */
        default boolean scanOnly() {
            return false;
        }

        /**
         * @return whether what {@link #read} returns (values and errors) holds neither {@code buf} nor the
         *     tape, so that both may be written over once a window's lines are read; false (the default)
         *     for views of the window
         */
        default boolean copiesValues() {
            return false;
        }
    }

    /** What {@code JsonReader} lets {@code dev.hyson.stream} do. */
    public interface Access {
        /**
         * @param reader the reader whose options apply
         * @param type the type to bind each line to, or null for the values {@code parse} gives
         * @return the line parser
         * @throws IllegalArgumentException when {@code type} cannot be bound
         */
        LineParser parser(JsonReader reader, Type type);

        /**
         * @param reader the reader whose options apply
         * @return a line parser that builds no values ({@code Boolean.TRUE} for each valid line), but
         *     under {@code DuplicateKeyPolicy.ERROR}, where the values are built to compare names
         */
        LineParser validator(JsonReader reader);

        /**
         * @param reader the reader whose options apply
         * @return a line parser that gives each line as a {@code dev.hyson.lazy.LazyDocument} of its own
         */
        LineParser documents(JsonReader reader);

        /**
         * @param reader the reader whose options apply
         * @return a line parser that gives each line as a {@code LazyDocument} viewing the window (valid
         *     until {@link #expire})
         */
        LineParser views(JsonReader reader);

        /** @param document a view from {@link #views}, ended: its window is about to be reused */
        void expire(Object document);

        /**
         * @param reader a reader
         * @return its options as the scanners see them
         */
        ReadConfig config(JsonReader reader);
    }

    private static volatile Access access;

    private LineAccess() {
    }

    /**
     * Called once, by {@code JsonReader}'s static initializer.
     *
     * @param a the access
     * @throws IllegalStateException when called a second time
     */
    public static void install(Access a) {
        if (access != null) {
            throw new IllegalStateException("LineAccess already installed");
        }
        access = a;
    }

    /** @return the access {@code JsonReader} installed */
    public static Access get() {
        Access a = access;
        if (a == null) {
            throw new IllegalStateException("JsonReader not initialized");
        }
        return a;
    }
}
