package dev.hyson.internal.bind;

import dev.hyson.bind.Discriminator;
import dev.hyson.bind.DiscriminatorValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@link Discriminator} declares: the member name and, per concrete subtype, its value. */
final class Discriminators {
    private Discriminators() {
    }

    /** The discriminator of one abstract type. */
    static final class Info {
        final Class<?> base;
        final String name;
        final Map<String, Class<?>> byValue = new LinkedHashMap<>();
        final Map<Class<?>, String> valueOf = new LinkedHashMap<>();

        Info(Class<?> base, String name) {
            this.base = base;
            this.name = name;
        }

        String valueOf(Class<?> c) {
            return valueOf.get(c);
        }
    }

    /** @return the discriminator {@code base} declares, with its subtypes; null when it has no {@link Discriminator} */
    static Info declared(Class<?> base) {
        Discriminator d = base.getAnnotation(Discriminator.class);
        if (d == null) {
            return null;
        }
        Info info = new Info(base, d.value());
        List<Class<?>> concrete = new ArrayList<>();
        if (d.subtypes().length > 0) {
            for (Class<?> c : d.subtypes()) {
                addConcrete(c, concrete);
            }
        } else if (base.isSealed()) {
            addConcrete(base, concrete);
        } else {
            throw new IllegalArgumentException("cannot bind " + base.getName() + ": @Discriminator on a type that is not sealed"
                    + " needs subtypes = {...}");
        }
        for (Class<?> c : concrete) {
            if (!base.isAssignableFrom(c)) {
                throw new IllegalArgumentException("cannot bind " + base.getName() + ": its @Discriminator subtype "
                        + c.getName() + " is not a subtype of it");
            }
            DiscriminatorValue v = c.getAnnotation(DiscriminatorValue.class);
            String value = v != null ? v.value() : c.getSimpleName();
            Class<?> other = info.byValue.putIfAbsent(value, c);
            if (other != null && other != c) {
                throw new IllegalArgumentException("cannot bind " + base.getName() + ": " + other.getName() + " and "
                        + c.getName() + " have the same discriminator value \"" + value + "\"");
            }
            info.valueOf.put(c, value);
        }
        return info;
    }

    private static void addConcrete(Class<?> c, List<Class<?>> out) {
        if (c.isSealed()) {
            if (!c.isInterface() && !java.lang.reflect.Modifier.isAbstract(c.getModifiers()) && !out.contains(c)) {
                out.add(c);
            }
            for (Class<?> p : c.getPermittedSubclasses()) {
                addConcrete(p, out);
            }
        } else if (!c.isInterface() && !java.lang.reflect.Modifier.isAbstract(c.getModifiers()) && !out.contains(c)) {
            out.add(c);
        }
    }

    /** @return the discriminator of the nearest supertype of {@code c} whose {@link Discriminator} lists {@code c}, or null */
    static Info of(Class<?> c, java.util.function.Function<Class<?>, Info> declaredOf) {
        List<Class<?>> todo = new ArrayList<>();
        todo.add(c);
        for (int k = 0; k < todo.size(); k++) {
            Class<?> t = todo.get(k);
            if (t != c) {
                Info info = declaredOf.apply(t);
                if (info != null && info.valueOf.containsKey(c)) {
                    return info;
                }
            }
            if (t.getSuperclass() != null) {
                todo.add(t.getSuperclass());
            }
            for (Class<?> i : t.getInterfaces()) {
                todo.add(i);
            }
        }
        return null;
    }
}
