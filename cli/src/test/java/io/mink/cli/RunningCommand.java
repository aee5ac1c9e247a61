package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.awaitility.Awaitility;

/** A run of the mink command on a thread of its own, whose output a test reads while it runs. */
final class RunningCommand {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();

  private RunningCommand() {}

  static RunningCommand start(
      Path workingDirectory, Map<String, String> variables, boolean terminal, String... args) {
    RunningCommand running = new RunningCommand();
    Environment environment = new Environment(
        variables,
        workingDirectory,
        new PrintWriter(running.out, true),
        new PrintWriter(running.err, true),
        terminal);
    Thread thread = new Thread(
        () -> {
          try {
            running.exit.complete(Main.run(args, environment));
          } catch (Throwable e) {
            running.exit.completeExceptionally(e);
          }
        },
        "mink " + String.join(" ", args));
    thread.setDaemon(true);
    thread.start();
    return running;
  }

  String out() {
    return out.toString();
  }

  String err() {
    return err.toString();
  }

  /** Waits until the output holds {@code text}; fails with the output so far if it does not in time. */
  void awaitOut(String text, Duration timeout) {
    awaitPrinted(text, "", timeout, this::out);
  }

  void awaitErr(String text, Duration timeout) {
    awaitPrinted(text, " to stderr", timeout, this::err);
  }

  /** Fails at once when the command ended without printing {@code text}. */
  private void awaitPrinted(String text, String where, Duration timeout, Supplier<String> printed) {
    Supplier<String> failure = () -> "The command did not print '" + text + "'" + where + " within "
        + timeout.toSeconds() + "s; out:\n" + out() + "\nerr:\n" + err();
    Awaitility.await()
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(50))
        .failFast(() -> assertThat(exit.isDone() && !printed.get().contains(text))
            .as(failure)
            .isFalse())
        .untilAsserted(() -> assertThat(printed.get()).as(failure).contains(text));
  }

  /** The result once the command ended; fails if it runs longer than {@code timeout}. */
  CommandRun await(Duration timeout) throws Exception {
    int code = exit.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    return new CommandRun(code, out(), err());
  }
}
