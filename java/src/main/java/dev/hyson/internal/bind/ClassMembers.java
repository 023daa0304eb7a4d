package dev.hyson.internal.bind;

import dev.hyson.bind.Creator;
import dev.hyson.bind.Ignore;
import dev.hyson.bind.Name;
import dev.hyson.bind.Required;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How {@link ObjectCodec} finds a class's properties: its fields, getters, setters and creator
 * parameters, merged per Java name (a subclass's field hiding its superclass's, JLS 8.3), with their
 * {@link Name}, {@link Ignore} and {@link Required} annotations.
 */
final class ClassMembers {
    private ClassMembers() {
    }

    /** The property info gathered per Java name, merged across component, field, accessor, setter and parameter. */
    static final class Info {
        String javaName;
        String name; // from @Name
        boolean ignored;
        boolean required;
        Type readType;
        int arg = -1;
        /** The setter (method or field) with its own types. */
        MethodHandle rawSetter;
        MethodHandle getter;
        /** The getter with its own types, for primitives read without a box. */
        MethodHandle raw;
        Type writeType;
        /** The class whose public (or {@code @Name}) field is bound, or null: a subclass's field of the same name hides it. */
        Class<?> fieldFrom;
        /** Where {@link #name} came from, for the error when two elements of the property name it differently. */
        AnnotatedElement namedBy;

        void annotate(AnnotatedElement e) {
            Name n = e.getAnnotation(Name.class);
            if (n != null) {
                if (name != null && !name.equals(n.value())) {
                    // getMethods() has no order: without this, which name wins could change from run to run
                    throw new IllegalArgumentException("@Name(\"" + name + "\") on " + describe(namedBy) + " and @Name(\"" + n.value()
                            + "\") on " + describe(e) + " name the property " + javaName + " differently; give them one name");
                }
                name = n.value();
                namedBy = e;
            }
            if (e.isAnnotationPresent(Ignore.class)) {
                ignored = true;
            }
            if (e.isAnnotationPresent(Required.class)) {
                required = true;
            }
        }
    }

    private static String describe(AnnotatedElement e) {
        if (e instanceof Member) {
            Member m = (Member) e;
            return m.getDeclaringClass().getName() + "." + m.getName()
                    + (e instanceof Method ? (((Method) e).getParameterCount() == 0 ? "()" : "(...)") : "");
        }
        return String.valueOf(e);
    }

    static Info info(Map<String, Info> infos, String key) {
        return infos.computeIfAbsent(key, k -> {
            Info i = new Info();
            int hash = k.indexOf('#');
            i.javaName = hash >= 0 ? k.substring(0, hash) : k;
            if (hash >= 0) {
                i.name = k.substring(hash + 1);
            }
            return i;
        });
    }

    /** The constructor or factory reading calls: a {@link Creator}, else a no-arg constructor, else a single public constructor. */
    static Executable creatorOf(Class<?> type) {
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.isAnnotationPresent(Creator.class)) {
                return c;
            }
        }
        for (Method m : type.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Creator.class) && Modifier.isStatic(m.getModifiers()) && m.getReturnType() == type) {
                return m;
            }
        }
        if (Modifier.isAbstract(type.getModifiers()) || (type.isMemberClass() && !Modifier.isStatic(type.getModifiers()))) {
            return null;
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.getParameterCount() == 0) {
                return c;
            }
        }
        Constructor<?>[] publics = type.getConstructors();
        if (publics.length == 1) {
            for (Parameter p : publics[0].getParameters()) {
                if (!p.isNamePresent() && !p.isAnnotationPresent(Name.class)) {
                    return null;
                }
            }
            return publics[0];
        }
        return null;
    }

    /** Fields, getters and setters of a class (and its superclasses), merged per Java name. */
    static void collectMembers(Class<?> type, MethodHandles.Lookup lookup, Map<String, Info> infos,
            Map<TypeVariable<?>, Type> vars, boolean writeOnly) throws IllegalAccessException {
        // creator parameters are keyed "javaName" or "javaName#name": index them by Java name too
        Map<String, Info> byJava = new LinkedHashMap<>();
        for (Info i : infos.values()) {
            byJava.put(i.javaName, i);
        }
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        for (Class<?> c : chain) {
            MethodHandles.Lookup l = c == type ? lookup : Lookups.of(c);
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                    continue;
                }
                boolean visible = Modifier.isPublic(m) || f.isAnnotationPresent(Name.class);
                Info known = byJava.get(f.getName());
                // every field takes its place in the member order (getters and setters join it), and
                // lends its annotations; only a public or @Name field is read or set itself
                Info info = known != null ? known : info(infos, f.getName());
                byJava.put(f.getName(), info);
                boolean hides = visible && l != null && info.fieldFrom != null && info.fieldFrom != c;
                if (hides) {
                    // a field of a subclass hides the superclass's field of the same name (JLS 8.3): the
                    // subclass's is the one bound, with its own name and type
                    info.raw = null;
                    info.getter = null;
                    info.writeType = null;
                    info.rawSetter = null;
                    info.readType = null;
                    if (info.namedBy instanceof Field) {
                        info.name = null; // the hidden field's @Name goes with it
                        info.namedBy = null;
                    }
                }
                info.annotate(f);
                if (!visible || l == null) {
                    continue; // a private field only lends its annotations to the creator's parameter
                }
                info.fieldFrom = c;
                Type t = Types.resolve(f.getGenericType(), vars);
                if (info.getter == null) {
                    info.raw = l.unreflectGetter(f);
                    info.getter = info.raw.asType(ObjectCodec.GETTER);
                    info.writeType = t;
                }
                if (!Modifier.isFinal(m) && info.arg < 0 && info.rawSetter == null && !writeOnly) {
                    info.rawSetter = l.unreflectSetter(f);
                    info.readType = t;
                }
            }
        }
        for (Method m : type.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class || m.isBridge()) {
                continue;
            }
            String n = m.getName();
            if (m.getParameterCount() == 0 && m.getReturnType() != void.class) {
                String prop = n.startsWith("get") && n.length() > 3 ? decap(n.substring(3))
                        : n.startsWith("is") && n.length() > 2 && m.getReturnType() == boolean.class ? decap(n.substring(2)) : null;
                if (prop == null || n.equals("getClass")) {
                    continue;
                }
                Info info = byJava.computeIfAbsent(prop, k -> info(infos, k));
                info.annotate(m);
                info.raw = lookup.unreflect(m);
                info.getter = info.raw.asType(ObjectCodec.GETTER);
                info.writeType = Types.resolve(m.getGenericReturnType(), vars);
            } else if (m.getParameterCount() == 1 && n.startsWith("set") && n.length() > 3 && !writeOnly) {
                String prop = decap(n.substring(3));
                Info info = byJava.computeIfAbsent(prop, k -> info(infos, k));
                info.annotate(m);
                if (info.arg < 0) {
                    info.rawSetter = lookup.unreflect(m);
                    info.readType = Types.resolve(m.getGenericParameterTypes()[0], vars);
                }
            }
        }
    }

    /** {@code URL} stays {@code URL}, {@code Name} becomes {@code name} (the JavaBeans rule). */
    private static String decap(String s) {
        if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isUpperCase(s.charAt(1))) {
            return s;
        }
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
