package io.mink.indexer.round;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * Derives the walk's next schema version from the latest mergeable one by one to three random
 * mutations: add a field (top-level or nested, sometimes reusing a name an earlier version had),
 * remove a field, reorder a record's fields, promote (int to long, float to double, a wider decimal), narrow (long to int,
 * double to float, a narrower decimal: values still fit the column), change a type incompatibly
 * (string and long, struct and string, a list's element or a map's value type, ...) at any depth,
 * make a field, list element or map value optional, or required again. Sometimes the version is
 * made unmergeable on purpose instead: a top-level field named like a Mink column, two fields
 * differing only in case (also inside a new struct), a field named like a renamed column, or a
 * type change whose {@code {name}_s{N}} name the version itself takes.
 */
final class WalkMutations {
  private static final String[] NAMES = {
    "id", "name", "qty", "price", "note", "tags", "lines", "meta", "score", "flag", "city", "zip",
    "level", "sku", "amount", "ratio", "code", "kind", "label", "stock", "owner", "rank", "size",
    "weight", "color", "ref", "total", "unit", "origin", "state"
  };
  private static final int MAX_DEPTH = 3;
  private static final String[] RESERVED = {
    "_kafka_offset", "_kafka_partition", "_KAFKA_Value", "_kafka_note", "_pos", "_file"
  };

  private final Random random;
  private final Map<List<String>, Set<String>> namesSeen = new HashMap<>();

  WalkMutations(Random random) {
    this.random = random;
  }

  /** The walk's first version: an id and a few random fields. */
  WalkSchema first() {
    WalkSchema.Struct root = new WalkSchema.Struct(
        List.of(new WalkSchema.Field("id", WalkSchema.Prim.of(WalkSchema.Kind.LONG), false)));
    for (int i = 0; i < 4; i++) {
      addField(root, List.of(), 0);
    }
    WalkSchema version = new WalkSchema(1, root, null);
    remember(version);
    return version;
  }

  /**
   * The next version derived from {@code latest}, and what was done, as text.
   *
   * @param renamedNames the names of the renamed columns of the table's struct at a path
   * @param schemaId the table's current schema id
   */
  Derived next(
      WalkSchema latest,
      int number,
      boolean poison,
      Function<List<String>, List<String>> renamedNames,
      int schemaId) {
    WalkSchema version = latest.copy(number, null);
    List<String> done = new ArrayList<>();
    int mutations = 1 + random.nextInt(3);
    for (int i = 0; i < mutations; i++) {
      done.add(mutate(version));
    }
    if (poison) {
      String why = poison(version, renamedNames, schemaId);
      version = new WalkSchema(number, version.root(), why);
      done.add("POISON " + why);
    } else {
      remember(version);
    }
    return new Derived(version, done);
  }

  record Derived(WalkSchema version, List<String> mutations) {}

  private String mutate(WalkSchema version) {
    List<WalkSchema.Located> structs = version.structs();
    List<Slot> slots = slots(version);
    for (int attempt = 0; attempt < 20; attempt++) {
      int choice = random.nextInt(100);
      if (choice < 25) {
        WalkSchema.Located located = structs.get(random.nextInt(structs.size()));
        return "add "
            + addField(located.struct(), located.path(), located.path().size());
      }
      if (choice < 35) {
        List<WalkSchema.Located> removable =
            structs.stream().filter(s -> s.struct().fields.size() > 1).toList();
        if (!removable.isEmpty()) {
          WalkSchema.Struct struct =
              removable.get(random.nextInt(removable.size())).struct();
          WalkSchema.Field removed = struct.fields.remove(random.nextInt(struct.fields.size()));
          return "remove " + removed.name;
        }
      } else if (choice < 50) {
        List<Slot> promotable =
            slots.stream().filter(slot -> promoted(slot.type()) != null).toList();
        if (!promotable.isEmpty()) {
          Slot slot = promotable.get(random.nextInt(promotable.size()));
          WalkSchema.Type from = slot.type();
          WalkSchema.Prim to = promoted(from);
          slot.set(to);
          return "promote " + slot.name() + " " + from + " -> " + to;
        }
      } else if (choice < 55) {
        List<Slot> narrowable =
            slots.stream().filter(slot -> narrowed(slot.type()) != null).toList();
        if (!narrowable.isEmpty()) {
          Slot slot = narrowable.get(random.nextInt(narrowable.size()));
          WalkSchema.Type from = slot.type();
          WalkSchema.Prim to = narrowed(from);
          slot.set(to);
          return "narrow " + slot.name() + " " + from + " -> " + to;
        }
      } else if (choice < 80) {
        Slot slot = slots.get(random.nextInt(slots.size()));
        WalkSchema.Type from = slot.type();
        WalkSchema.Type to = incompatible(from, slot.depth());
        slot.set(to);
        return "change " + slot.name() + " " + from + " -> " + to;
      } else if (choice < 90) {
        List<Slot> required = slots.stream().filter(slot -> !slot.optional()).toList();
        if (!required.isEmpty()) {
          Slot slot = required.get(random.nextInt(required.size()));
          slot.optional(true);
          return "optional " + slot.name();
        }
      } else if (choice < 95) {
        List<WalkSchema.Located> reorderable =
            structs.stream().filter(s -> s.struct().fields.size() > 1).toList();
        if (!reorderable.isEmpty()) {
          WalkSchema.Located located = reorderable.get(random.nextInt(reorderable.size()));
          Collections.shuffle(located.struct().fields, random);
          return "reorder " + where(located.path());
        }
      } else {
        List<Slot> optional = slots.stream().filter(Slot::optional).toList();
        if (!optional.isEmpty()) {
          Slot slot = optional.get(random.nextInt(optional.size()));
          slot.optional(false);
          return "required " + slot.name();
        }
      }
    }
    WalkSchema.Located located = structs.get(0);
    return "add " + addField(located.struct(), located.path(), 0);
  }

  private String poison(
      WalkSchema version, Function<List<String>, List<String>> renamedNames, int schemaId) {
    List<WalkSchema.Located> structs = version.structs();
    int choice = random.nextInt(4);
    if (choice == 1) {
      WalkSchema.Located located = structs.get(random.nextInt(structs.size()));
      WalkSchema.Field model =
          located.struct().fields.get(random.nextInt(located.struct().fields.size()));
      String twin = Character.toUpperCase(model.name.charAt(0)) + model.name.substring(1);
      located
          .struct()
          .fields
          .add(
              random.nextInt(located.struct().fields.size() + 1),
              new WalkSchema.Field(twin, randomType(located.path().size()), random.nextBoolean()));
      return "field " + twin + " differs only in case from " + model.name + " in "
          + where(located.path());
    }
    if (choice == 2) {
      String name = freshName(version.root());
      WalkSchema.Struct twins = new WalkSchema.Struct(List.of(
          new WalkSchema.Field("code", WalkSchema.Prim.of(WalkSchema.Kind.STRING), false),
          new WalkSchema.Field("Code", WalkSchema.Prim.of(WalkSchema.Kind.INT), true)));
      version.root().fields.add(new WalkSchema.Field(name, twins, true));
      return "new struct " + name + " has fields code and Code";
    }
    if (choice == 3) {
      for (WalkSchema.Located located : structs) {
        List<String> renamed = renamedNames.apply(located.path());
        if (!renamed.isEmpty()) {
          String name = renamed.get(random.nextInt(renamed.size()));
          if (located.struct().field(name) == null) {
            located
                .struct()
                .fields
                .add(new WalkSchema.Field(name, randomType(located.path().size()), true));
            return "field " + name + " is named like a renamed column in " + where(located.path());
          }
        }
      }
    }
    if (choice == 0) {
      WalkSchema.Struct root = version.root();
      List<WalkSchema.Field> primitives =
          root.fields.stream().filter(f -> f.type instanceof WalkSchema.Prim).toList();
      if (!primitives.isEmpty()) {
        WalkSchema.Field field = primitives.get(random.nextInt(primitives.size()));
        String taken = field.name + "_s" + schemaId;
        if (root.field(taken) == null) {
          WalkSchema.Type old = field.type;
          field.type = incompatible(old, 1);
          root.fields.add(
              new WalkSchema.Field(taken, WalkSchema.Prim.of(WalkSchema.Kind.STRING), true));
          return "changes " + field.name + " " + old + " -> " + field.type + " and has a field "
              + taken + ", the name the old column would take";
        }
      }
    }
    String reserved = RESERVED[random.nextInt(RESERVED.length)];
    version
        .root()
        .fields
        .add(
            random.nextInt(version.root().fields.size() + 1),
            new WalkSchema.Field(
                reserved, WalkSchema.Prim.of(WalkSchema.Kind.LONG), random.nextBoolean()));
    return "top-level field " + reserved;
  }

  private String addField(WalkSchema.Struct struct, List<String> path, int depth) {
    Set<String> present = new HashSet<>();
    struct.fields.forEach(field -> present.add(field.name.toLowerCase(Locale.ROOT)));
    List<String> earlier = namesSeen.getOrDefault(path, Set.of()).stream()
        .filter(n -> !present.contains(n))
        .sorted()
        .toList();
    String name;
    if (!earlier.isEmpty() && random.nextInt(3) == 0) {
      name = earlier.get(random.nextInt(earlier.size()));
    } else {
      name = freshName(struct);
    }
    WalkSchema.Field field =
        new WalkSchema.Field(name, randomType(depth + 1), random.nextInt(5) < 2);
    struct.fields.add(field);
    return field + " to " + where(path);
  }

  private String freshName(WalkSchema.Struct struct) {
    Set<String> present = new HashSet<>();
    struct.fields.forEach(field -> present.add(field.name.toLowerCase(Locale.ROOT)));
    for (int attempt = 0; attempt < 10; attempt++) {
      String name = NAMES[random.nextInt(NAMES.length)];
      if (!present.contains(name)) {
        return name;
      }
    }
    String name;
    do {
      name = NAMES[random.nextInt(NAMES.length)] + random.nextInt(100);
    } while (present.contains(name));
    return name;
  }

  /** A random type for a field nested {@code depth} levels deep (1 for a top-level field). */
  private WalkSchema.Type randomType(int depth) {
    int choice = depth >= MAX_DEPTH ? 0 : random.nextInt(100);
    if (choice < 55) {
      return randomPrimitive();
    }
    if (choice < 72) {
      return randomStruct(depth);
    }
    if (choice < 88) {
      return new WalkSchema.ListOf(
          random.nextInt(3) < 2 ? randomStruct(depth + 1) : randomPrimitive(),
          random.nextInt(4) == 0);
    }
    return new WalkSchema.MapOf(
        random.nextInt(3) < 2 ? randomStruct(depth + 1) : randomPrimitive(),
        random.nextInt(4) == 0);
  }

  private WalkSchema.Struct randomStruct(int depth) {
    WalkSchema.Struct struct = new WalkSchema.Struct(List.of());
    for (int i = 1 + random.nextInt(3); i > 0; i--) {
      struct.fields.add(
          new WalkSchema.Field(freshName(struct), randomType(depth + 1), random.nextInt(4) == 0));
    }
    return struct;
  }

  @SuppressWarnings(
      "EnumOrdinal") // a random pick: a seed's walk follows the declaration order, as any pick
  // would
  private WalkSchema.Prim randomPrimitive() {
    WalkSchema.Kind kind =
        WalkSchema.Kind.values()[random.nextInt(WalkSchema.Kind.values().length)];
    return kind == WalkSchema.Kind.DECIMAL
        ? WalkSchema.Prim.decimal(4 + random.nextInt(12))
        : WalkSchema.Prim.of(kind);
  }

  /** A type that neither promotes to nor from {@code type}: another primitive family, or another shape. */
  private WalkSchema.Type incompatible(WalkSchema.Type type, int depth) {
    for (int attempt = 0; attempt < 50; attempt++) {
      WalkSchema.Type candidate;
      if (type instanceof WalkSchema.ListOf list && random.nextBoolean()) {
        candidate =
            new WalkSchema.ListOf(incompatible(list.element, depth + 1), list.elementOptional);
      } else if (type instanceof WalkSchema.MapOf map && random.nextBoolean()) {
        candidate = new WalkSchema.MapOf(incompatible(map.value, depth + 1), map.valueOptional);
      } else {
        candidate = randomType(depth);
      }
      if (!compatible(type, candidate)) {
        return candidate;
      }
    }
    return type instanceof WalkSchema.Prim prim && prim.kind() == WalkSchema.Kind.STRING
        ? WalkSchema.Prim.of(WalkSchema.Kind.LONG)
        : WalkSchema.Prim.of(WalkSchema.Kind.STRING);
  }

  /** Whether values of one could go to a column of the other by promotion or new nested fields. */
  private static boolean compatible(WalkSchema.Type a, WalkSchema.Type b) {
    if (a instanceof WalkSchema.Prim pa && b instanceof WalkSchema.Prim pb) {
      return family(pa).equals(family(pb));
    }
    if (a instanceof WalkSchema.Struct && b instanceof WalkSchema.Struct) {
      return true;
    }
    if (a instanceof WalkSchema.ListOf la && b instanceof WalkSchema.ListOf lb) {
      return compatible(la.element, lb.element);
    }
    if (a instanceof WalkSchema.MapOf ma && b instanceof WalkSchema.MapOf mb) {
      return compatible(ma.value, mb.value);
    }
    return false;
  }

  private static String family(WalkSchema.Prim prim) {
    return switch (prim.kind()) {
      case INT, LONG -> "integer";
      case FLOAT, DOUBLE -> "floating";
      default -> prim.kind().name();
    };
  }

  private static WalkSchema.Prim promoted(WalkSchema.Type type) {
    if (!(type instanceof WalkSchema.Prim prim)) {
      return null;
    }
    return switch (prim.kind()) {
      case INT -> WalkSchema.Prim.of(WalkSchema.Kind.LONG);
      case FLOAT -> WalkSchema.Prim.of(WalkSchema.Kind.DOUBLE);
      case DECIMAL ->
        prim.precision() < 38
            ? WalkSchema.Prim.decimal(Math.min(38, prim.precision() + 1 + prim.precision() % 7))
            : null;
      default -> null;
    };
  }

  private static WalkSchema.Prim narrowed(WalkSchema.Type type) {
    if (!(type instanceof WalkSchema.Prim prim)) {
      return null;
    }
    return switch (prim.kind()) {
      case LONG -> WalkSchema.Prim.of(WalkSchema.Kind.INT);
      case DOUBLE -> WalkSchema.Prim.of(WalkSchema.Kind.FLOAT);
      case DECIMAL -> prim.precision() > 4 ? WalkSchema.Prim.decimal(prim.precision() - 2) : null;
      default -> null;
    };
  }

  private void remember(WalkSchema version) {
    for (WalkSchema.Located located : version.structs()) {
      Set<String> names = namesSeen.computeIfAbsent(located.path(), path -> new HashSet<>());
      located.struct().fields.forEach(field -> names.add(field.name));
    }
  }

  private static String where(List<String> path) {
    return path.isEmpty() ? "the record" : String.join(".", path);
  }

  /** A field, list element or map value whose type a mutation can change. */
  private record Slot(
      String name,
      int depth,
      WalkSchema.Field field,
      WalkSchema.ListOf list,
      WalkSchema.MapOf map) {
    WalkSchema.Type type() {
      return field != null ? field.type : list != null ? list.element : map.value;
    }

    void set(WalkSchema.Type type) {
      if (field != null) {
        field.type = type;
      } else if (list != null) {
        list.element = type;
      } else {
        map.value = type;
      }
    }

    boolean optional() {
      return field != null
          ? field.optional
          : list != null ? list.elementOptional : map.valueOptional;
    }

    void optional(boolean optional) {
      if (field != null) {
        field.optional = optional;
      } else if (list != null) {
        list.elementOptional = optional;
      } else {
        map.valueOptional = optional;
      }
    }
  }

  private static List<Slot> slots(WalkSchema version) {
    List<Slot> slots = new ArrayList<>();
    for (WalkSchema.Field field : version.root().fields) {
      slots(field.name, 1, field, field.type, slots);
    }
    return slots;
  }

  private static void slots(
      String name, int depth, WalkSchema.Field field, WalkSchema.Type type, List<Slot> slots) {
    if (field != null) {
      slots.add(new Slot(name, depth, field, null, null));
    }
    if (type instanceof WalkSchema.Struct struct) {
      struct.fields.forEach(f -> slots(name + "." + f.name, depth + 1, f, f.type, slots));
    } else if (type instanceof WalkSchema.ListOf list) {
      slots.add(new Slot(name + "[]", depth + 1, null, list, null));
      slots(name + "[]", depth + 1, null, list.element, slots);
    } else if (type instanceof WalkSchema.MapOf map) {
      slots.add(new Slot(name + "{}", depth + 1, null, null, map));
      slots(name + "{}", depth + 1, null, map.value, slots);
    }
  }
}
