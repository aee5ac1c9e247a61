package io.mink.samples.walkthrough;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.samples.local.LocalStack;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The walk-throughs of docs/getting-started.md run to their end and say what the page shows. */
class WalkthroughsIT {

  @Test
  void schemaEvolutionRenamesTheRetypedColumnAndKeepsEveryVersionsRows(@TempDir Path home) {
    String output = walk(home, SchemaEvolutionWalkthrough::walk);

    assertThat(output)
        .contains("-- kafka.payments after v2 (table schema 3):")
        .containsPattern("amount_s1 +string +'amount' up to schema 1")
        .containsPattern("amount +double")
        .containsPattern("method +string")
        .containsPattern("2 +3 +null +EUR +30.0 +card")
        .containsPattern("4 +5 +3.10 +EUR +null +null");
  }

  @Test
  void recreatedTopicGoesMissingThenReplacedAndIsIndexedAfterRemoveAndAdd(@TempDir Path home) {
    String output = walk(home, RecreatedTopicWalkthrough::walk);

    assertThat(output)
        .containsPattern("kafka.clicks +clicks +append +missing .*no longer exists in Kafka")
        .containsPattern(
            "kafka.clicks +clicks +append +replaced .*remove the table and add it again")
        .contains("No tables are added")
        .contains("kafka.clicks holds 300 rows", "kafka.clicks holds 120 rows")
        .containsPattern("kafka.clicks +clicks +append +indexing");
  }

  private interface Walk {
    void walk(LocalStack stack, Path home, PrintWriter out);
  }

  private static String walk(Path home, Walk walk) {
    StringWriter text = new StringWriter();
    try (LocalStack stack = LocalStack.start();
        PrintWriter out = new PrintWriter(text, true)) {
      walk.walk(stack, home, out);
    }
    System.out.println(text);
    return text.toString();
  }
}
