package dev.hyson.internal.write;

import dev.hyson.internal.bind.WriteModel;

/**
 * A JSON writer made for one record or class ({@link ModelWriters} generates a hidden subclass per
 * {@link WriteModel}): its member names, separators included, are constants; each property is read
 * by a direct call of its accessor, getter or field (a method handle in a static final field, which
 * the JIT inlines) and written by its type's own path, a nested bound type through its own
 * generated writer. It writes exactly what {@link Generator}'s interpreted {@code writeModel}
 * writes, in the compact form; the generator takes it only when the writer's options allow
 * ({@link #usableWith}). Stateless and thread-safe.
 */
public abstract class ModelWriter {
    /** Whether every member name and the discriminator are written the same under every escaping option. */
    boolean plainNames;
    /**
     * Whether every property is a scalar ({@code String}, a primitive, {@code BigDecimal}), so a
     * value can contain nothing, itself included: it needs the depth check but no place on the
     * cycle path (a reference store the writer would make per object).
     */
    boolean leaf;

    /** For subclasses (generated). */
    protected ModelWriter() {
    }

    /**
     * Writes {@code value} as a JSON object: the caller has entered it (depth and cycle rule).
     *
     * @param g the generator
     * @param value an instance of the model's class
     * @param depth the containers around it
     */
    abstract void write(Generator g, Object value, int depth);

    /** @return whether this writer writes what the interpreter would under {@code cfg} */
    final boolean usableWith(WriteConfig cfg) {
        return cfg.generated && (plainNames || cfg.defaultEscapes);
    }

    /**
     * A property whose declared class has a write model of its own: a value of exactly that class
     * is written through that model's generated writer, with no dispatch on the value.
     */
    static final class Link {
        final Class<?> type;
        final WriteModel model;
        private ModelWriter writer;
        private boolean tried;

        Link(Class<?> type, WriteModel model) {
            this.type = type;
            this.model = model;
        }

        /** @return the linked model's writer, generated on first use; null where it cannot be */
        ModelWriter writer() {
            if (!tried) {
                writer = ModelWriters.of(model);
                tried = true;
            }
            return writer;
        }
    }

    /**
     * The exception a generated writer throws for {@code t}, caught while it wrote property {@code k}:
     * what the interpreted writer throws in the same place (a located {@link WriteFailure}, with the
     * getter's failure wrapped, any other throwable as it is).
     *
     * @param t what was thrown
     * @param m the model
     * @param k the property, or -1 for the discriminator
     * @param inGetter 1 when {@code t} came from the property's getter
     * @return the throwable to throw
     */
    static Throwable failure(Throwable t, WriteModel m, int k, int inGetter) {
        if (t instanceof Error) {
            return t;
        }
        String name = k < 0 ? m.discriminator() : m.name(k);
        if (t instanceof WriteFailure) {
            return ((WriteFailure) t).at(WriteFailure.memberSegment(name));
        }
        if (inGetter != 0) {
            // WriteModel.get wraps a checked exception in an IllegalStateException
            RuntimeException e = t instanceof RuntimeException ? (RuntimeException) t : new IllegalStateException(t);
            return new WriteFailure("cannot read property " + name + " of " + m.type().getName() + ": " + e, e)
                    .at(WriteFailure.memberSegment(name));
        }
        return t;
    }
}
