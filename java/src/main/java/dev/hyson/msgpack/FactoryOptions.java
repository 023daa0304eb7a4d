package dev.hyson.msgpack;

import dev.hyson.bind.Binder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options a {@link MessagePackFactory.Builder} collects, starting from the defaults. A factory
 * is made from a copy and keeps it, so {@link MessagePackFactory#toBuilder()} starts from the same
 * options while the builder goes on to change its own.
 */
final class FactoryOptions implements Cloneable {
    int maxDepth = MessagePackFactory.DEFAULT_MAX_DEPTH;
    long maxStringLength = MessagePackFactory.DEFAULT_MAX_STRING_LENGTH;
    long maxBinaryLength = MessagePackFactory.DEFAULT_MAX_BINARY_LENGTH;
    long maxContainerSize = MessagePackFactory.DEFAULT_MAX_CONTAINER_SIZE;
    long maxDocumentLength = MessagePackFactory.DEFAULT_MAX_DOCUMENT_LENGTH;
    MessagePackFactory.Utf8Policy invalidUtf8 = MessagePackFactory.Utf8Policy.ERROR;
    boolean failOnUnknownExtension;
    boolean compatibility;
    boolean binaryForByteArrays = true;
    boolean floatAsFloat32 = true;
    boolean linkedHashMaps;
    MessagePackFactory.BigDecimalPolicy bigDecimalPolicy = MessagePackFactory.BigDecimalPolicy.ERROR;
    boolean internKeys = true;
    MessagePackFactory.JsonForm jsonForm = MessagePackFactory.JsonForm.DOCUMENTED;
    Binder binder = Binder.defaults();
    /** In registration order: the first assignable one packs a subclass. */
    private Map<Class<?>, Registration> registrations = new LinkedHashMap<>();

    /** @return a copy, registrations included, that changes apart from this one */
    FactoryOptions copy() {
        try {
            FactoryOptions c = (FactoryOptions) super.clone();
            c.registrations = new LinkedHashMap<>(registrations);
            return c;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Adds a registration, replacing those of the same class or type code (see {@link ExtensionRegistry#add}).
     *
     * @param r the registration
     */
    void register(Registration r) {
        ExtensionRegistry.add(registrations, r);
    }

    /** @return the registrations by class, in registration order (the live map: copy it to keep it) */
    Map<Class<?>, Registration> registrations() {
        return registrations;
    }

    /**
     * @param v a length or count setting
     * @param name the setting's name, for the error
     * @return {@code v}
     * @throws IllegalArgumentException when {@code v} is negative
     */
    static long nonNegative(long v, String name) {
        if (v < 0) {
            throw new IllegalArgumentException(name + " must not be negative: " + v);
        }
        return v;
    }
}
