package io.mink.samples.walkthrough;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.cli.Main;
import io.mink.samples.local.InProcessMink;
import io.mink.samples.local.LakeWatch;
import io.mink.samples.local.LocalStack;
import io.mink.samples.local.TablePrinter;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * A topic deleted and created again, walked through: the table goes missing when the topic is deleted, is replaced
 * when a topic of that name comes back with another topic id, is removed with {@code mink table remove}, and is
 * added again to index the new topic from its first offset.
 */
public final class RecreatedTopicWalkthrough {
  private static final String TOPIC = "clicks";
  private static final String TABLE = "kafka.clicks";
  private static final Duration STATE_WAIT = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final LocalStack stack;
  private final InProcessMink mink;
  private final PrintWriter out;

  private RecreatedTopicWalkthrough(LocalStack stack, Path home, PrintWriter out) {
    this.stack = stack;
    this.out = out;
    this.mink = new InProcessMink(stack.minkVariables(), home, out);
  }

  public static void main(String[] args) throws Exception {
    Main.useMinkLogging();
    Path home = Files.createTempDirectory("mink-recreated-topic");
    PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());
    try (LocalStack stack = LocalStack.start()) {
      walk(stack, home, out);
    }
    System.exit(0);
  }

  /** Walks through it on a stack of its own, with the embedded lake in {@code home}. */
  static void walk(LocalStack stack, Path home, PrintWriter out) {
    new RecreatedTopicWalkthrough(stack, home, out).run();
  }

  private void run() {
    stack.broker().createTopic(TOPIC, 3);
    produce(300, "first");
    try (SidecarProcess sidecar = mink.serve()) {
      LakeWatch lake = new LakeWatch(mink.lake(), sidecar);
      mink.runOrFail("table", "add", TOPIC, "--freshness", "2s");
      awaitRows(lake);
      mink.runOrFail("table", "list", "--all");

      step("The topic is deleted (kafka-topics.sh --delete --topic " + TOPIC + ")");
      stack.broker().deleteTopic(TOPIC);
      awaitState("missing");
      mink.runOrFail("table", "list", "--all");

      step("A topic of the same name is created again: a new topic, with another topic id");
      stack.broker().createTopic(TOPIC, 3);
      awaitState("replaced");
      mink.runOrFail("table", "list", "--all");
      mink.runOrFail("table", "show", TABLE);

      step("The old table and its rows are removed, and the new topic is added");
      mink.runOrFail("table", "remove", TABLE, "--yes", "--wait=1m");
      mink.runOrFail("table", "list", "--all");
      mink.runOrFail("table", "add", TOPIC, "--freshness", "2s");
      produce(120, "second");
      awaitRows(lake);
      mink.runOrFail("table", "list", "--all");
    }
  }

  private void step(String what) {
    out.println();
    out.println("== " + what);
  }

  /** Produces with a new producer, which knows nothing of the topic's earlier life, as a new application would. */
  private void produce(int count, String topicLife) {
    try (KafkaProducer<byte[], byte[]> producer = stack.broker().newProducer()) {
      for (int i = 0; i < count; i++) {
        var unused = producer.send(TestRecord.of(
                "user-" + (i % 17), "{\"page\":\"/p/" + i + "\",\"topic\":\"" + topicLife + "\"}")
            .toProducerRecord(TOPIC));
      }
      producer.flush();
    }
    out.printf("   produced %d clicks to the %s topic %s%n", count, topicLife, TOPIC);
  }

  private void awaitRows(LakeWatch lake) {
    long rows = TablePrinter.rows(
            lake.awaitOffsets("kafka", TOPIC, stack.broker().endOffsets(TOPIC)))
        .size();
    out.printf("   %s holds %d rows, up to the topic's end offsets%n", TABLE, rows);
  }

  /** Waits until {@code mink table list --all} shows the table in the state, as the sidecar's topic watch sets it. */
  private void awaitState(String state) {
    long deadline = System.nanoTime() + STATE_WAIT.toNanos();
    String seen = "nothing";
    while (System.nanoTime() < deadline) {
      seen = stateOf(mink.capture("table", "list", "--all", "--output", "json"));
      if (seen.equals(state)) {
        return;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(
            "Interrupted while waiting for " + TABLE + " to be " + state, e);
      }
    }
    throw new IllegalStateException(TABLE + " did not become " + state + " within "
        + STATE_WAIT.toSeconds() + "s; it is " + seen + ": see the output of mink serve");
  }

  private static String stateOf(String listing) {
    try {
      for (JsonNode table : JSON.readTree(listing)) {
        if (table.path("table").asText().equals(TABLE)) {
          return table.path("state").path("name").asText();
        }
      }
      return "not listed";
    } catch (IOException e) {
      throw new UncheckedIOException(
          "mink table list --output json printed no JSON: " + listing, e);
    }
  }
}
