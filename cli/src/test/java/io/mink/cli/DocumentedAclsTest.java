package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;

class DocumentedAclsTest {
  @Test
  void everyCommandHasRowsInTheDocs() {
    DocumentedAcls acls = DocumentedAcls.read();

    assertThat(acls.rows().stream().map(DocumentedAcls.Row::user).distinct())
        .containsExactlyInAnyOrder(
            "mink serve",
            "mink table add",
            "mink table list",
            "mink table show",
            "mink table alter",
            "mink table remove",
            "mink table resume",
            "mink read",
            "mink cluster stats",
            "mink-query exec");
  }

  @Test
  void rowsReadTheResourceTypeNameAndOperations() {
    DocumentedAcls acls = DocumentedAcls.parse(List.of(
        "| `mink serve` | transactional id `_mink_tables-writer` | Describe, Write | why |",
        "| `mink read` | the table's topic | Read | the tail |",
        "| not a row |"));

    assertThat(acls.rows())
        .containsExactly(
            new DocumentedAcls.Row(
                "mink serve",
                ResourceType.TRANSACTIONAL_ID,
                "_mink_tables-writer",
                List.of(AclOperation.DESCRIBE, AclOperation.WRITE)),
            new DocumentedAcls.Row(
                "mink read",
                ResourceType.TOPIC,
                DocumentedAcls.TABLES_TOPIC,
                List.of(AclOperation.READ)));
  }
}
