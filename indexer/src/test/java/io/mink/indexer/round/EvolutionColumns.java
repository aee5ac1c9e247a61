package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Checks of what a schema change did to columns, comparing the table schema before and after it. */
final class EvolutionColumns {
  private EvolutionColumns() {}

  /** The column kept its field id and now has the wider type. */
  static void assertPromoted(Schema before, Schema after, String path, Type type) {
    assertThat(after.findField(path).fieldId())
        .as("field id of %s", path)
        .isEqualTo(before.findField(path).fieldId());
    assertThat(after.findField(path).type()).as("type of %s", path).isEqualTo(type);
  }

  /** The columns kept their ids, types and optionality. */
  static void assertKept(Schema before, Schema after, String... paths) {
    for (String path : paths) {
      assertThat(after.findField(path)).as("column %s", path).isEqualTo(before.findField(path));
    }
  }

  /**
   * The column of {@code path} was renamed {@code renamedName}: same field id and type, optional,
   * with the doc saying up to which schema it held the name.
   */
  static void assertRenamed(
      Schema before,
      Schema after,
      String path,
      String renamedName,
      int schemaId,
      String previousDoc) {
    Types.NestedField old = before.findField(path);
    int dot = path.lastIndexOf('.');
    String name = path.substring(dot + 1);
    String renamedPath = dot < 0 ? renamedName : path.substring(0, dot + 1) + renamedName;
    Types.NestedField renamed = after.findField(renamedPath);
    assertThat(renamed).as("renamed column %s", renamedPath).isNotNull();
    assertThat(renamed.fieldId()).as("field id of %s", renamedPath).isEqualTo(old.fieldId());
    assertThat(renamed.type()).as("type of %s", renamedPath).isEqualTo(old.type());
    assertThat(renamed.isOptional()).as("%s is optional", renamedPath).isTrue();
    String marker = "'" + name + "' up to schema " + schemaId;
    assertThat(renamed.doc())
        .as("doc of %s", renamedPath)
        .isEqualTo(previousDoc == null ? marker : marker + ": " + previousDoc);
  }

  /** The column of {@code path} is new: an optional column of the type, with an id above every earlier one. */
  static void assertAdded(Schema before, Schema after, String path, Type type) {
    Types.NestedField added = after.findField(path);
    assertThat(added.type()).as("type of %s", path).isEqualTo(type);
    assertThat(added.isOptional()).as("%s is optional", path).isTrue();
    assertThat(added.fieldId()).as("field id of %s", path).isGreaterThan(before.highestFieldId());
  }
}
