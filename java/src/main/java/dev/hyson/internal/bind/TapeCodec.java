package dev.hyson.internal.bind;

/**
 * The reading half of a type's codec: turns the value at a {@link TapeReader}'s position into a
 * Java value of that type. Built once per type by {@link Codecs}; immutable after it is resolved,
 * and so shared by every thread. Writing goes through the type's {@link WriteModel} (objects) or the
 * writers' own forms (every other built-in type), which are the same for both formats.
 *
 * @param <T> the type read
 */
public abstract class TapeCodec<T> {
    /**
     * Reads a value that is not null, consuming all its entries.
     *
     * @param r the reader, at the value's first entry
     * @return the value
     * @throws BindFailure when the value does not fit the type
     */
    public abstract T read(TapeReader r);

    /**
     * What a {@code null} gives (before it is consumed).
     *
     * @param r the reader, at the null
     * @return null, or the type's empty value (an empty {@code Optional})
     * @throws BindFailure for a primitive
     */
    public Object nullValue(TapeReader r) {
        return null;
    }

    /** @return what an absent member gives a constructor argument: null, the primitive's zero, an empty {@code Optional} */
    public Object missingValue() {
        return null;
    }

    /** @return a short name of the type, for messages */
    public abstract String describe();
}
