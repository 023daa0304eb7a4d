package dev.hyson.bind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The constructor (or {@code static} factory method returning the class) that reading calls. Its
 * parameters are matched to members by {@link Name} on each parameter, or by the parameter names
 * when the class was compiled with {@code javac -parameters}. A record needs no creator: its
 * canonical constructor is used.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.CONSTRUCTOR, ElementType.METHOD})
public @interface Creator {
}
