package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.acl.MinkAcls;
import io.mink.tables.acl.MinkResource;
import io.mink.tables.acl.MinkResources;
import java.util.List;
import java.util.Map;
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
            "mink-query exec",
            "mink-query shell",
            "mink-query serve");
  }

  @Test
  void theDocsListWhatTheMessagesOfMissingAclsSayIsNeeded() {
    MinkResources defaults =
        new MinkResources("_mink_tables", "_mink_owners", "_mink_status", "mink");
    Map<MinkResource, String> documented = Map.of(
        MinkResource.TABLE_TOPIC, DocumentedAcls.TABLES_TOPIC,
        MinkResource.TABLES_TOPIC, defaults.tablesTopic(),
        MinkResource.TABLES_WRITER, defaults.transactionalId(),
        MinkResource.OWNERS_TOPIC, defaults.ownersTopic(),
        MinkResource.STATUS_TOPIC, defaults.statusTopic(),
        MinkResource.GROUP, defaults.groupId(),
        MinkResource.OWNERS_GROUP, defaults.ownersGroup());

    assertThat(DocumentedAcls.read().rows())
        .containsExactlyInAnyOrderElementsOf(MinkAcls.RULES.stream()
            .map(rule -> new DocumentedAcls.Row(
                rule.user(),
                rule.resource().type(),
                documented.get(rule.resource()),
                rule.operations()))
            .toList());
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
