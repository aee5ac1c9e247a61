package io.mink.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class KafkaColumnsTest {
  @Test
  void upsertSchemaHasTheSameColumnsWithARequiredKeyAsItsIdentifier() {
    assertThat(KafkaColumns.UPSERT_SCHEMA.columns())
        .extracting(Types.NestedField::name)
        .containsExactlyElementsOf(
            KafkaColumns.SCHEMA.columns().stream().map(Types.NestedField::name).toList());
    Types.NestedField key = KafkaColumns.UPSERT_SCHEMA.findField(KafkaColumns.KEY);
    assertThat(key.fieldId()).isEqualTo(4);
    assertThat(key.isRequired()).isTrue();
    assertThat(key.type()).isEqualTo(Types.BinaryType.get());
    assertThat(key.doc()).contains("raw key bytes, always set");
    assertThat(KafkaColumns.UPSERT_SCHEMA.identifierFieldIds()).containsExactly(4);
    assertThat(KafkaColumns.SCHEMA.identifierFieldIds()).isEmpty();
    assertThat(KafkaColumns.SCHEMA.findField(KafkaColumns.KEY).isOptional()).isTrue();
  }
}
