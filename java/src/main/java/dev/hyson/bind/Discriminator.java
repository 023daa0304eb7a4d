package dev.hyson.bind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds an abstract type (a sealed interface, an interface or an abstract class) through a
 * discriminator member whose string names the concrete type:
 *
 * <pre>{@code
 * @Discriminator("type")
 * sealed interface Shape permits Circle, Square { }
 * @DiscriminatorValue("circle") record Circle(double r) implements Shape { }
 * record Square(double side) implements Shape { }        // "Square", its simple name
 * // {"type":"circle","r":1.5}  <->  new Circle(1.5)
 * }</pre>
 *
 * <p>The concrete types are the sealed type's permitted subclasses (recursively), or those
 * {@link #subtypes()} lists. Each is named by its {@link DiscriminatorValue}, or by its simple
 * class name. Writing puts the discriminator first; reading finds it anywhere in the object. An
 * object without it fails with {@link dev.hyson.JsonParseException.Kind#MISSING_DISCRIMINATOR}, one
 * with a value no subtype has with {@link dev.hyson.JsonParseException.Kind#UNKNOWN_DISCRIMINATOR}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Discriminator {
    /** @return the discriminator's member name */
    String value() default "type";

    /** @return the concrete types, for a type that is not sealed (ignored for a sealed one when empty) */
    Class<?>[] subtypes() default {};
}
