/**
 * Data binding: JSON and MessagePack read straight into records and classes, and written from them,
 * through one codec per type that serves both formats. Entry points are
 * {@code Json.read(bytes, Type.class)}, {@code JsonReader.read}, {@code MessagePack.unpack(bytes, Type.class)}
 * and every writer, which write records and classes through the same codecs. This package holds the
 * options ({@link dev.hyson.bind.Binder}), the annotations ({@link dev.hyson.bind.Name},
 * {@link dev.hyson.bind.Ignore}, {@link dev.hyson.bind.Required}, {@link dev.hyson.bind.Creator},
 * {@link dev.hyson.bind.Discriminator}, {@link dev.hyson.bind.DiscriminatorValue}) and the interface of
 * user codecs ({@link dev.hyson.bind.Codec}, {@link dev.hyson.bind.ValueIn}, {@link dev.hyson.bind.ValueOut}).
 */
package dev.hyson.bind;
