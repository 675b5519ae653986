# insetd container image: a static-stdlib Swift build on the official Swift image, run on
# Debian slim with only libmicrohttpd. The binary embeds the device registry and the
# OpenAPI document; nothing else is copied.
#   docker build -t insetd .
#   docker run --rm -p 127.0.0.1:8080:8080 insetd
# (No registry here: deploy/container-proof.sh builds this same file with podman against
# local stand-ins of the two base images.)
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
# DL3008 (pin apt versions): Debian replaces a package version on the mirror with each
# security or point release, so a pin breaks the build within weeks; the suite pins the
# major versions and the base image tag pins the suite.
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, in their own layer: reused until Package.swift changes.
COPY Package.swift ./
RUN swift package resolve
COPY . .
RUN scripts/build-release --static-swift-stdlib --product insetd \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/insetd" /staging/insetd

FROM ${RUNTIME_IMAGE}
# DL3008: as above.
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin insetd
COPY --from=build /staging/insetd /usr/local/bin/insetd
# Numeric, so that Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
ENV INSETD_HOST=0.0.0.0
EXPOSE 8080
# `insetd probe`: GET /healthz on the local server, exit 0 on 200.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/insetd", "probe"]
ENTRYPOINT ["/usr/local/bin/insetd"]
