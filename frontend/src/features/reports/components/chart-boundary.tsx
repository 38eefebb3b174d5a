import { Component, type ReactNode } from 'react';

/**
 * A chart that cannot load (its chunk is gone after a new release, the network dropped) says so in
 * its place; the report and the chart's table stay, where the route's error page would replace them.
 */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
