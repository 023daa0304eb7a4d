package dev.hyson.internal.lazy;

import dev.hyson.lazy.LazyDocument;
import java.lang.reflect.Type;

/**
 * How {@code JsonReader} makes a {@link LazyDocument} over a tape it scanned, and how the document
 * builds or binds a subtree with that reader's options and binder: what neither package's public API
 * offers the other. {@code LazyDocument} installs its {@link Factory} when its class initializes (the
 * shared-secrets pattern of {@code dev.hyson.internal.lines.LineAccess}); {@link #factory()} makes sure
 * it has.
 */
public final class LazyAccess {
    /** What a reader does with a subtree of a document it scanned. Thread-safe. */
    public interface Subtrees {
        /**
         * @param tape the document's tape
         * @param entry the subtree's first entry
         * @param buf the document's input
         * @param start the document's first byte in {@code buf}
         * @param end the document's end in {@code buf}
         * @param type the type to bind to, or null for the value {@code JsonReader.parse} gives
         * @param pointer the subtree's JSON Pointer in the document, which binding errors' pointers follow
         * @param offset the byte offset of {@code buf[start]} in the whole input (errors are placed there)
         * @param line the 1-based line of {@code buf[start]} in the whole input
         * @return the value
         * @throws dev.hyson.JsonParseException for a duplicate name under {@code DuplicateKeyPolicy.ERROR}
         *     or a value that does not bind, placed in the whole input
         */
        Object read(TapeArrays tape, int entry, byte[] buf, int start, int end, Type type, String pointer, long offset, long line);

        /** {@link #duplicates()}: the last of repeated names is kept. */
        int LAST_WINS = 0;
        /** {@link #duplicates()}: the first of repeated names is kept. */
        int FIRST_WINS = 1;
        /** {@link #duplicates()}: a repeated name is an error. */
        int ERROR = 2;

        /** @return the reader's policy for repeated member names: {@link #LAST_WINS}, {@link #FIRST_WINS} or {@link #ERROR} */
        int duplicates();
    }

    /** Makes documents. */
    public interface Factory {
        /**
         * @param tape the scanned tape (the document keeps it)
         * @param root the root value's first entry
         * @param buf the input the tape points into (the document keeps it)
         * @param start the document's first byte
         * @param end the document's end
         * @param subtrees the reader's building and binding
         * @param offset the byte offset of {@code buf[start]} in the whole input (a JSON Lines line's)
         * @param line the 1-based line of {@code buf[start]} in the whole input
         * @return the document
         */
        LazyDocument create(TapeArrays tape, int root, byte[] buf, int start, int end, Subtrees subtrees, long offset, long line);

        /**
         * Ends a document that is a view over arrays about to be reused: every later read of it or of
         * its values throws {@link IllegalStateException}.
         *
         * @param document the document
         */
        void expire(LazyDocument document);

        /**
         * For the JSON generator, which writes a lazy value straight from its tape.
         *
         * @param value a {@code LazyValue} or a {@link LazyDocument} (its root)
         * @return the value's tape, first entry and input
         * @throws IllegalStateException when the value's document is an expired view
         */
        Slice slice(Object value);
    }

    /**
     * A lazy value as its document's arrays hold it.
     *
     * @param tape the document's tape
     * @param entry the value's first entry
     * @param buf the input the tape points into
     */
    public record Slice(TapeArrays tape, int entry, byte[] buf) {
    }

    private static volatile Factory factory;

    private LazyAccess() {
    }

    /**
     * Called once, by {@code LazyDocument}'s static initializer.
     *
     * @param f the factory
     */
    public static void install(Factory f) {
        factory = f;
    }

    /** @return the factory, {@code LazyDocument}'s class initialized first */
    public static Factory factory() {
        Factory f = factory;
        if (f == null) {
            try {
                Class.forName(LazyDocument.class.getName(), true, LazyDocument.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            f = factory;
        }
        return f;
    }
}
