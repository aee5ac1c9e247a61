package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadProgressBarTest {
  @Test
  void theLineCountsTheTailAgainstThePlanAndTheRowsOut() {
    ReadProgressBar bar =
        ReadProgressBar.start(environment(new StringWriter(), true), "kafka.orders");
    bar.planned(3, 12, 1_000);
    bar.tailRead(250);
    bar.emitted(40);

    assertThat(bar.line())
        .isEqualTo(
            "Reading kafka.orders [#####               ] 250 of at most 1000 Kafka records, 12 lake files, "
                + "40 rows out");
  }

  @Test
  void nothingIsDrawnWhenStderrIsNoTerminalOrTheReadIsQuick() {
    StringWriter notTerminal = new StringWriter();
    StringWriter quick = new StringWriter();
    ReadProgressBar off = ReadProgressBar.start(environment(notTerminal, false), "kafka.orders");
    ReadProgressBar early = ReadProgressBar.start(environment(quick, true), "kafka.orders");

    for (ReadProgressBar bar : new ReadProgressBar[] {off, early}) {
      bar.planned(1, 1, 10);
      bar.tailRead(10);
      bar.clear();
    }

    assertThat(notTerminal.toString()).isEmpty();
    assertThat(quick.toString()).isEmpty();
  }

  private static Environment environment(StringWriter err, boolean errTerminal) {
    StringWriter out = new StringWriter();
    return new Environment(
        Map.of(),
        Path.of("."),
        new PrintWriter(out),
        new PrintWriter(err),
        false,
        new WriterOutputStream(new PrintWriter(out)),
        errTerminal);
  }
}
