package io.mink.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A run of the mink command on a thread of its own, whose output a test reads while it runs. */
final class RunningCommand {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();

  private RunningCommand() {}

  static RunningCommand start(Path workingDirectory, Map<String, String> variables, boolean terminal,
      String... args) {
    RunningCommand running = new RunningCommand();
    Environment environment = new Environment(variables, workingDirectory, new PrintWriter(running.out, true),
        new PrintWriter(running.err, true), terminal);
    Thread thread = new Thread(() -> {
      try {
        running.exit.complete(Main.run(args, environment));
      } catch (Throwable e) {
        running.exit.completeExceptionally(e);
      }
    }, "mink " + String.join(" ", args));
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
  void awaitOut(String text, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!out().contains(text)) {
      if (System.nanoTime() > deadline || exit.isDone()) {
        throw new AssertionError("The command did not print '" + text + "' within " + timeout.toSeconds()
            + "s; out:\n" + out() + "\nerr:\n" + err());
      }
      Thread.sleep(50);
    }
  }

  void awaitErr(String text, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!err().contains(text)) {
      if (System.nanoTime() > deadline || exit.isDone()) {
        throw new AssertionError("The command did not print '" + text + "' to stderr within " + timeout.toSeconds()
            + "s; out:\n" + out() + "\nerr:\n" + err());
      }
      Thread.sleep(50);
    }
  }

  /** The result once the command ended; fails if it runs longer than {@code timeout}. */
  CommandRun await(Duration timeout) throws Exception {
    int code = exit.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    return new CommandRun(code, out(), err());
  }
}
