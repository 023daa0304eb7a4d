package dev.hyson.internal.bind;

/**
 * A reader made for one record or class ({@link ObjectReaders} generates a hidden subclass per
 * {@link ObjectCodec}): member dispatch compiled into a {@code tableswitch} on the property the
 * name matched, each value read straight into a local of its own type, then one direct call of
 * the canonical constructor, constructor or factory: no argument array, no boxes. It reads
 * exactly what the interpreted {@code ObjectCodec.read} reads, and fails the same way.
 * Stateless and thread-safe.
 */
public abstract class GeneratedReader {
    /** For subclasses (generated). */
    protected GeneratedReader() {
    }

    /**
     * @param r the reader, at the object's entry
     * @return the value made
     * @throws BindFailure when the value does not fit the type
     */
    abstract Object read(TapeReader r);
}
