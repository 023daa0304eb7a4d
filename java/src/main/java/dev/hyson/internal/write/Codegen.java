package dev.hyson.internal.write;

import dev.hyson.bind.Binder;
import dev.hyson.internal.bind.BinderAccess;
import dev.hyson.internal.bind.WriteModel;

/** What code generation did in this JVM, for tests and diagnostics. */
public final class Codegen {
    private Codegen() {
    }

    /**
     * @param binder a binder
     * @param type a record or class it writes through a model
     * @return whether {@code binder} writes {@code type} through a generated writer (made now if it was not yet)
     */
    public static boolean writesGenerated(Binder binder, Class<?> type) {
        Object w = BinderAccess.codecs(binder).writerFor(type);
        return w instanceof WriteModel && binder.generatedCodecs() && ModelWriters.of((WriteModel) w) != null;
    }

    /**
     * @param binder a binder
     * @param type a record or class
     * @return whether {@code binder} reads {@code type} through a generated reader
     */
    public static boolean readsGenerated(Binder binder, Class<?> type) {
        return BinderAccess.codecs(binder).readsGenerated(type);
    }

    /** @return why a reader could not be generated in this JVM (the first failure), or null when none failed */
    public static String readersUnavailable() {
        return dev.hyson.internal.bind.Codecs.readersUnavailable();
    }

    /** @return why a writer could not be generated in this JVM (the first failure), or null when none failed */
    public static String unavailable() {
        return ModelWriters.unavailable();
    }
}
