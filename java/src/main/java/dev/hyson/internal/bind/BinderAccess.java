package dev.hyson.internal.bind;

import dev.hyson.bind.Binder;
import java.util.function.Function;

/** The bridge from the public {@link Binder} to its codec cache, installed by {@code Binder}'s static initializer. */
public final class BinderAccess {
    private static volatile Function<Binder, Codecs> access;

    private BinderAccess() {
    }

    /** @param f reads a binder's codec cache; called once, by {@code Binder} */
    public static void install(Function<Binder, Codecs> f) {
        access = f;
    }

    /**
     * @param binder a binder
     * @return its codec cache
     */
    public static Codecs codecs(Binder binder) {
        Function<Binder, Codecs> f = access;
        if (f == null) {
            Binder.defaults(); // runs Binder's static initializer
            f = access;
        }
        return f.apply(binder);
    }
}
