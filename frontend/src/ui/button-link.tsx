import { Link, type LinkProps } from 'react-router-dom';
import './components.css';

/** Amplify UI's button variations; 'link' is the link-style button (no frame, the theme's colour). */
export type ButtonVariation = 'default' | 'primary' | 'link' | 'destructive';

export interface ButtonLinkProps extends LinkProps {
  variation?: ButtonVariation;
  size?: 'small' | 'large';
}

/** Amplify UI's button classes, for a router link that is to look like a button of that variation. */
export function buttonClassName(variation: ButtonVariation = 'default', size?: 'small' | 'large', extra?: string): string {
  return ['amplify-button', variation === 'default' ? '' : `amplify-button--${variation}`, size ? `amplify-button--${size}` : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

/**
 * Navigation that looks like a button ("Add Device", "Edit" in a details pane): still a link for
 * the browser and screen readers (open in a new tab, role link), styled like Amplify's Button.
 * Actions that do something in place use Amplify's Button with the same variations.
 */
export function ButtonLink({ variation = 'default', size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName(variation, size, className)} {...props} />;
}
