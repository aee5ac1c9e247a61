package io.mink.indexer.round;

import static io.mink.indexer.round.EvolutionType.listOf;
import static io.mink.indexer.round.EvolutionType.mapOf;
import static io.mink.indexer.round.EvolutionType.optional;

import java.util.List;
import java.util.Map;

/** Where a struct sits: a struct column, the element of a list column, the value of a map column. */
enum EvolutionNesting {
  STRUCT("address", "address"),
  LIST("addresses", "addresses.element"),
  MAP("addressesByName", "addressesByName.value");

  final String column;
  final String structPath;

  EvolutionNesting(String column, String structPath) {
    this.column = column;
    this.structPath = structPath;
  }

  EvolutionType.Field field(EvolutionType.Struct struct) {
    return switch (this) {
      case STRUCT -> optional(column, struct);
      case LIST -> optional(column, listOf(struct));
      case MAP -> optional(column, mapOf(struct));
    };
  }

  Object value(Map<String, Object> struct) {
    return switch (this) {
      case STRUCT -> struct;
      case LIST -> List.of(struct);
      case MAP -> Map.of("home", struct);
    };
  }
}
