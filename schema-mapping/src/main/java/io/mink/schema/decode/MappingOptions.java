package io.mink.schema.decode;

import static java.util.Objects.requireNonNull;

/**
 * The choices a table makes about how schema types map to its columns, where the mapping of
 * docs/type-mapping.md leaves engines behind. Part of what a schema is compiled with: the same schema compiles
 * to different types under different options.
 *
 * @param timeOfDay how a time of day is stored, the table option {@code mink.time-as}
 */
public record MappingOptions(TimeOfDay timeOfDay) {
  /** The options of a table that sets none. */
  public static final MappingOptions DEFAULT = new MappingOptions(TimeOfDay.DEFAULT);

  public MappingOptions {
    requireNonNull(timeOfDay, "timeOfDay is null");
  }
}
