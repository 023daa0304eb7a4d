package dev.hyson.internal.bind;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;

/**
 * The lookup a codec's method handles come from: {@link MethodHandles#privateLookupIn}, which
 * works for every class in a package open to {@code dev.hyson} (all of the class path), else the
 * public lookup for a public class in an exported package. Nothing is made accessible by force.
 */
final class Lookups {
    private Lookups() {
    }

    /** @return a lookup for {@code type}, or null when it cannot be read */
    static MethodHandles.Lookup of(Class<?> type) {
        try {
            Lookups.class.getModule().addReads(type.getModule());
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException | SecurityException e) {
            boolean exported = type.getModule().isExported(type.getPackageName(), Lookups.class.getModule());
            return exported && Modifier.isPublic(type.getModifiers()) ? MethodHandles.publicLookup() : null;
        }
    }

    /** Why a type's members cannot be reached, with what to do. */
    static String notOpen(Class<?> type) {
        Module m = type.getModule();
        return "package " + type.getPackageName() + " of " + (m.isNamed() ? "module " + m.getName() : "the unnamed module")
                + " is not open to dev.hyson (add 'opens " + type.getPackageName() + " to dev.hyson;' to its module-info,"
                + " or register a codec)";
    }
}
