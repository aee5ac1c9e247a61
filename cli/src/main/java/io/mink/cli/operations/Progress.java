package io.mink.cli.operations;

/** Where an operation says, while it waits, what it waits for: a line for a person watching. */
@FunctionalInterface
public interface Progress {
  Progress NONE = line -> {};

  void note(String line);
}
