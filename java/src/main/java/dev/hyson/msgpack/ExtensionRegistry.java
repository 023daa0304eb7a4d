package dev.hyson.msgpack;

import dev.hyson.internal.names.KeyCache;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A factory's registered extension types, immutable: looked up by extension type code (unpacking)
 * and by Java class (packing). A class takes its exact registration, else the first registered
 * whose type it is assignable to; the answer is computed once per class.
 */
final class ExtensionRegistry {
    /** The answer cached for a class that has no registration. */
    private static final Registration NONE = new Registration(Object.class, (byte) 0, null, null, null, null, null, null);

    private final Map<Class<?>, Registration> byClass;
    private final Registration[] byCode;
    /** In registration order. */
    private final Registration[] all;
    /** The registration of each class looked up so far ({@link #NONE} for none). */
    private final ClassValue<Registration> forClass;

    /** @param inOrder the registrations by class, in registration order (as {@link #add} keeps them) */
    ExtensionRegistry(Map<Class<?>, Registration> inOrder) {
        this.byClass = Map.copyOf(inOrder);
        this.all = inOrder.values().toArray(new Registration[0]);
        this.forClass = new ClassValue<>() {
            @Override
            protected Registration computeValue(Class<?> c) {
                Registration exact = byClass.get(c);
                if (exact != null) {
                    return exact;
                }
                for (Registration x : all) {
                    if (x.javaType.isAssignableFrom(c)) {
                        return x;
                    }
                }
                return NONE;
            }
        };
        this.byCode = new Registration[256];
        for (Registration r : all) {
            byCode[r.type & 0xFF] = r;
        }
    }

    /**
     * Adds {@code r} to registrations kept in order: the last registration of a class or a type
     * code wins, and a class registered again moves to the end.
     *
     * @param inOrder the registrations by class, in registration order
     * @param r the registration to add
     */
    static void add(Map<Class<?>, Registration> inOrder, Registration r) {
        inOrder.values().removeIf(x -> x.type == r.type);
        inOrder.remove(r.javaType);
        inOrder.put(r.javaType, r);
    }

    /** @return the registrations in registration order (a copy) */
    Registration[] inOrder() {
        return all.clone();
    }

    /** @return whether any extension type is registered */
    boolean isEmpty() {
        return all.length == 0;
    }

    /**
     * @param c the class of a value to pack
     * @return the registration for a Java class (exact, else the first assignable in registration
     *     order), or null
     */
    Registration forClass(Class<?> c) {
        if (all.length == 0) {
            return null;
        }
        Registration r = forClass.get(c);
        return r == NONE ? null : r;
    }

    /**
     * @param type an extension type code
     * @return the registration for an extension type code, or null
     */
    Registration forType(byte type) {
        return byCode[type & 0xFF];
    }

    /**
     * Unpacks the payload {@code b[off, off + len)} of a registered extension, which the caller has
     * made available, with the registration's string, byte or unpacker form.
     *
     * @param r the registration of the extension's type code
     * @param f the factory unpacking (for a nested unpacker)
     * @param b the array holding the payload
     * @param off the index of its first byte
     * @param len its length in bytes
     * @param origin the input offset of {@code b[0]}
     * @param depth the nesting of the payload's values
     * @param at the input offset of the extension, for errors
     * @return the value
     * @throws MessagePackException EXTENSION_FAILED when the form fails or reads other than the
     *     whole payload
     */
    static Object unpack(Registration r, MessagePackFactory f, byte[] b, int off, int len, long origin, int depth, long at) {
        try {
            if (r.fromString != null) {
                boolean ascii = StrDecoder.isAscii(b, off, len);
                String s;
                if (ascii) {
                    s = f.internKeys ? KeyCache.SHARED.lookup(b, off, len, true)
                            : new String(b, off, len, StandardCharsets.ISO_8859_1);
                } else {
                    MessageUnpacker sub = new MessageUnpacker(f).reset(b, off, len, origin, depth).payload();
                    s = sub.readStrForExtension(len);
                }
                return r.fromString.apply(s);
            }
            if (r.fromBytes != null) {
                byte[] copy = new byte[len];
                System.arraycopy(b, off, copy, 0, len);
                return r.fromBytes.apply(copy);
            }
            MessageUnpacker sub = new MessageUnpacker(f).reset(b, off, len, origin, depth).payload();
            Object v = r.unpacker.unpack(sub);
            if (sub.remaining() != 0) {
                throw new MessagePackException(MessagePackException.Kind.EXTENSION_FAILED,
                        "the unpacker for extension type " + r.type + " (" + r.javaType.getName() + ") left "
                                + sub.remaining() + " of " + len + " payload bytes unread", at);
            }
            return v;
        } catch (MessagePackException e) {
            if (e.kind() == MessagePackException.Kind.TRUNCATED) {
                throw new MessagePackException(MessagePackException.Kind.EXTENSION_FAILED, "the unpacker for extension type "
                        + r.type + " (" + r.javaType.getName() + ") read past the end of its " + len + "-byte payload ("
                        + e.detail() + ")", e.offset(), e);
            }
            throw e;
        } catch (RuntimeException e) {
            throw new MessagePackException(MessagePackException.Kind.EXTENSION_FAILED,
                    "the unpacker for extension type " + r.type + " (" + r.javaType.getName() + ") failed: " + e, at, e);
        }
    }
}
