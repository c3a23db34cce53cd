import {
  AUTODIAL_FAILED,
  AUTODIAL_FAILED_TITLE,
  DETAILS_REQUIRED,
  DETAILS_REQUIRED_TITLE,
  NO_PACKAGE,
  NO_PACKAGE_TITLE,
  PAYMENT_FAILED,
  PAYMENT_FAILED_TITLE,
  SERVICE_TYPE,
} from "@common/satellite";
import { CreditCard, PhoneOutgoing } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PaymentsUnavailable } from "../../components/payments-unavailable";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useSubscription } from "../../lib/shared-api/get-subscription";
import { toast, toastError } from "../../lib/toast";
import { useAutodial } from "./api/autodial";
import { useCustomer } from "./api/get-customer";
import { useOrders } from "./api/get-orders";
import { usePackages } from "./api/get-packages";
import { useStartPackageCheckout } from "./api/start-checkout";
import { InstallationForm, type InstallationValues } from "./components/installation-form";
import { OrderSummary } from "./components/order-summary";
import { OrdersList } from "./components/orders-list";
import { PackageEditor } from "./components/package-editor";
import { PackagePicker } from "./components/package-picker";

const EMPTY: InstallationValues = {
  preferredDate: "",
  timeSlot: "",
  address: "",
  phoneNumber: "",
  specialInstructions: "",
};

/**
 * Satellite-internet payment (/viasat-payment): plan choice, installation scheduling,
 * an order summary and Proceed to Payment, which starts checkout with the package's price id
 * and the installation as metadata. ?contactId= names the customer (their phone fills the
 * form; Autodial calls them); the paid order and its confirmation number show below.
 */
export function ViasatPaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const contactId = params.get("contactId");
  const outcome = params.get("checkout");
  const packages = usePackages();
  const customer = useCustomer(contactId);
  const orders = useOrders(contactId);
  const checkout = useStartPackageCheckout();
  const autodial = useAutodial();
  // Said before the form is filled: on a server that cannot take payments, nothing here can be paid.
  const paymentsUnavailable = useSubscription().data?.checkout.unavailable ?? null;
  const { can } = useWorkspace();
  const [packageId, setPackageId] = useState<string | null>(null);
  const [form, setForm] = useState<InstallationValues>(EMPTY);
  const chosen = packages.data?.find((pkg) => pkg.id === packageId);
  const phone = form.phoneNumber || customer.data?.phoneNumber || "";

  const proceed = () => {
    if (!chosen) {
      toast({ title: NO_PACKAGE_TITLE, description: NO_PACKAGE, variant: "destructive" });
      return;
    }
    if (!form.preferredDate || !form.timeSlot || !form.address.trim()) {
      toast({ title: DETAILS_REQUIRED_TITLE, description: DETAILS_REQUIRED, variant: "destructive" });
      return;
    }
    checkout.mutate(
      {
        priceId: chosen.stripePriceId,
        metadata: {
          package_id: chosen.id,
          service_type: SERVICE_TYPE,
          installation_date: form.preferredDate,
          installation_slot: form.timeSlot,
          installation_address: form.address.trim(),
          installation_phone: phone.trim() || null,
          special_instructions: form.specialInstructions.trim() || null,
          ...(contactId ? { customer_id: contactId } : {}),
        },
      },
      {
        onSuccess: ({ sessionUrl }) => {
          // The local provider's order page is ours; Stripe's is elsewhere.
          if (sessionUrl.startsWith("/")) navigate(sessionUrl);
          else window.location.assign(sessionUrl);
        },
        onError: (error) => toastError(PAYMENT_FAILED_TITLE, PAYMENT_FAILED, error),
      },
    );
  };

  const call = () => {
    if (!contactId) return;
    autodial.mutate(contactId, {
      onSuccess: (result) => toast({ title: "Call Initiated", description: result.message }),
      onError: (error) => toastError(AUTODIAL_FAILED_TITLE, AUTODIAL_FAILED, error),
    });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Viasat Satellite Internet</h1>
          <p className="text-sm text-muted-foreground">
            {customer.data
              ? `Order for ${customer.data.name}${customer.data.phoneNumber ? `, ${customer.data.phoneNumber}` : ""}`
              : "Choose a plan, schedule the installation and pay."}
          </p>
        </div>
        {contactId ? (
          <Button variant="outline" onClick={call} disabled={autodial.isPending}>
            <PhoneOutgoing aria-hidden />
            {autodial.isPending ? "Calling..." : "Autodial customer"}
          </Button>
        ) : null}
      </div>

      {paymentsUnavailable ? <PaymentsUnavailable message={paymentsUnavailable} /> : null}

      {outcome === "success" ? (
        <p
          role="status"
          className="rounded-md border border-green-700/30 bg-green-50 p-3 text-sm text-green-900"
        >
          Payment received. The order and its installation appointment are booked; the confirmation number is
          below.
        </p>
      ) : outcome === "cancelled" ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          Payment was cancelled. Nothing was charged or booked.
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Choose Your Plan</CardTitle>
              <CardDescription>Every plan includes free standard installation.</CardDescription>
            </CardHeader>
            <CardContent>
              {packages.isLoading ? (
                <p role="status" className="text-sm text-muted-foreground">
                  Loading packages...
                </p>
              ) : packages.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  The packages could not be loaded. Reload the page to try again.
                </p>
              ) : (
                <PackagePicker
                  packages={packages.data ?? []}
                  selectedId={packageId}
                  onSelect={setPackageId}
                />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Schedule Installation</CardTitle>
              <CardDescription>Installation can be booked from 2 days after today.</CardDescription>
            </CardHeader>
            <CardContent>
              <InstallationForm
                values={{ ...form, phoneNumber: phone }}
                onChange={(change) => setForm((current) => ({ ...current, phoneNumber: phone, ...change }))}
              />
            </CardContent>
          </Card>
          {can("admin") && packages.data ? (
            <Card>
              <CardHeader>
                <CardTitle>Package Settings</CardTitle>
                <CardDescription>
                  Workspace admins set the packages offered, their prices and the price id checkout charges.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <details>
                  <summary className="cursor-pointer text-sm font-medium">Edit packages</summary>
                  <div className="mt-3">
                    <PackageEditor packages={packages.data} />
                  </div>
                </details>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Order Summary</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <OrderSummary pkg={chosen} date={form.preferredDate} slot={form.timeSlot} />
              <Button onClick={proceed} disabled={checkout.isPending} className="w-full">
                <CreditCard aria-hidden />
                {checkout.isPending ? "Starting payment..." : "Proceed to Payment"}
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{customer.data ? `${customer.data.name}'s orders` : "Recent orders"}</CardTitle>
            </CardHeader>
            <CardContent>
              {orders.isLoading ? (
                <p className="text-sm text-muted-foreground">Loading orders...</p>
              ) : (
                <OrdersList orders={orders.data ?? []} />
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
