import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  fallback: (reset: () => void) => ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a throw inside one area from taking the shell down with it. */
export class AreaErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[atrium] area crashed', error, info.componentStack);
    this.props.onError?.(error);
  }

  reset = (): void => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
