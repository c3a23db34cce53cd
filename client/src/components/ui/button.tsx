import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import * as React from "react";
import { cn } from "../../lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-input bg-background hover:bg-accent",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-9 px-4 py-2",
        sm: "h-8 px-3 text-xs",
        lg: "h-10 px-6",
        icon: "size-9",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * A button. One that is disabled while it has focus (Save while saving) stays focusable and says
 * it is unavailable (aria-disabled) until focus leaves it: a disabled element drops focus to the
 * page body, and a keyboard or screen reader user would start again from the top.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  disabled,
  onClick,
  onFocus,
  onBlur,
  ...props
}: ButtonProps) {
  const [focused, setFocused] = React.useState(false);
  if (asChild) {
    const Comp = Slot.Root as React.ElementType;
    return (
      <Comp
        className={cn(buttonVariants({ variant, size }), className)}
        disabled={disabled}
        onClick={onClick}
        onFocus={onFocus}
        onBlur={onBlur}
        {...props}
      />
    );
  }
  const keepFocus = Boolean(disabled) && focused;
  return (
    <button
      className={cn(buttonVariants({ variant, size }), className)}
      type={type ?? "button"}
      disabled={disabled && !keepFocus}
      aria-disabled={keepFocus ? true : undefined}
      onClick={(event) => {
        if (keepFocus) {
          // No click and no form submission while unavailable.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
