# syntax=docker/dockerfile:1
# The mink command as an image. It runs the sidecar on the config file mounted at /etc/mink/mink.toml:
#   docker build -t mink .
#   docker run -v "$PWD/mink.toml:/etc/mink/mink.toml:ro" -p 9464:9464 mink
# Any other command runs the same way: docker run mink table list --config /etc/mink/mink.toml
# docker-compose.yml runs two of these beside Kafka, a schema registry, a REST catalog on MinIO and Trino
# (docs/docker-compose.md).

FROM maven:3.9.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
# The cli module and the modules it needs, as bin/mink builds them; the jar and its runtime lib/ go to /opt/mink.
RUN --mount=type=cache,target=/root/.m2 \
    mvn -B --no-transfer-progress -Dmaven.test.skip=true package -pl cli -am \
 && mkdir -p /opt/mink \
 && cp cli/target/mink-cli-*.jar /opt/mink/mink-cli.jar \
 && cp -r cli/target/lib /opt/mink/lib

FROM eclipse-temurin:17.0.15_6-jre-noble
LABEL org.opencontainers.image.title="Mink" \
      org.opencontainers.image.description="Kafka topics as Iceberg tables: the mink sidecar and command"
RUN groupadd --system --gid 10001 mink \
 && useradd --system --uid 10001 --gid mink --home-dir /var/lib/mink --create-home --shell /usr/sbin/nologin mink \
 && mkdir -p /etc/mink
COPY --from=build /opt/mink /opt/mink
# The pages --help and the error messages point to, under /opt/mink/docs.
COPY docs /opt/mink/docs
COPY --chmod=0755 deploy/docker/mink /usr/local/bin/mink
USER 10001:10001
WORKDIR /var/lib/mink
# http_port in [indexer]: /metrics, /health and /ready
EXPOSE 9464
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://localhost:9464/health"]
ENTRYPOINT ["mink"]
CMD ["serve", "--config", "/etc/mink/mink.toml"]
